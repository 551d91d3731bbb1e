package dev.sluice.planner.parametric;

import dev.sluice.planner.SqlLexer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class PlanTemplateTest {
    private static final String STATEMENT = "select * from t where a > 5 and b = 'x'";
    private static final StatementLiterals LITERALS = StatementLiterals.of(STATEMENT, SqlLexer.tokenize(STATEMENT));
    private static final List<Sentinels.Sentinel> FIRST =
            Sentinels.of(LITERALS.slots(), Sentinels.Set.FIRST).orElseThrow();
    private static final List<Sentinels.Sentinel> SECOND =
            Sentinels.of(LITERALS.slots(), Sentinels.Set.SECOND).orElseThrow();

    /** A plan shaped as Flink writes one, with the two sentinel values where a and b's literals went. */
    private static String plan(List<Sentinels.Sentinel> values, int firstNodeId, String extra) {
        String number = values.get(0).value();
        String text = values.get(1).value();
        return """
                {"nodes": [
                  {"id": %d, "type": "batch-exec-calc_1",
                   "condition": {"kind": "CALL", "operands": [
                     {"kind": "LITERAL", "value": %s, "type": "INT NOT NULL"},
                     {"kind": "LITERAL", "value": "%s", "type": "VARCHAR(2147483647) NOT NULL"},
                     {"kind": "LITERAL", "value": 1, "type": "INT NOT NULL"}]},
                   "description": "Calc(where=[(a > %s) AND (b = '%s')])"%s},
                  {"id": %d, "type": "batch-exec-sink_1", "dynamicFilteringDataListenerID": "%s"}],
                 "edges": [{"source": %d, "target": %d}]}
                """.formatted(
                        firstNodeId,
                        number,
                        text,
                        number,
                        text,
                        extra,
                        firstNodeId + 1,
                        java.util.UUID.randomUUID(),
                        firstNodeId,
                        firstNodeId + 1);
    }

    @Test
    void writesNewValuesWhereTheSentinelsWere() {
        PlanTemplate.Derivation derivation =
                PlanTemplate.derive(plan(FIRST, 1, ""), plan(SECOND, 8, ""), LITERALS.slots(), FIRST, SECOND);

        assertThat(derivation.refusal()).isNull();
        String instance = derivation.template().instantiate(List.of("42", "it's"));
        assertThat(instance)
                .contains("\"value\":42,")
                .contains("\"value\":\"it's\"")
                .contains("\"value\":1,")
                .contains("Calc(where=[(a > 42) AND (b = 'it's')])")
                .doesNotContain(FIRST.get(0).value())
                .doesNotContain(FIRST.get(1).value());
    }

    @Test
    void refusesPlansThatDifferElsewhere() {
        PlanTemplate.Derivation derivation = PlanTemplate.derive(
                plan(FIRST, 1, ", \"partitions\": [\"" + FIRST.get(1).value() + "\"]"),
                plan(SECOND, 1, ", \"partitions\": [\"" + SECOND.get(1).value() + "\"]"),
                LITERALS.slots(),
                FIRST,
                SECOND);

        assertThat(derivation.template()).isNull();
        assertThat(derivation.refusal()).contains("/nodes/0/partitions/0");
    }

    @Test
    void refusesAPlanWithoutOneOfTheValues() {
        String first = plan(FIRST, 1, "").replace("\"value\": " + FIRST.get(0).value(), "\"value\": 3");
        String second =
                plan(SECOND, 1, "").replace("\"value\": " + SECOND.get(0).value(), "\"value\": 3");

        PlanTemplate.Derivation derivation = PlanTemplate.derive(first, second, LITERALS.slots(), FIRST, SECOND);

        assertThat(derivation.template()).isNull();
        assertThat(derivation.refusal()).contains("literal 1 is not a value of the plan");
    }

    @Test
    void refusesNodesLinkedDifferently() {
        String second = plan(SECOND, 8, "").replace("\"target\": 9", "\"target\": 8");

        PlanTemplate.Derivation derivation =
                PlanTemplate.derive(plan(FIRST, 1, ""), second, LITERALS.slots(), FIRST, SECOND);

        assertThat(derivation.refusal()).contains("linked differently");
    }

    @Test
    void theTwoSetsOfSentinelsDifferAndReverseTheirOrder() {
        String sql = "select * from t where a between 5 and 9 and b in ('p', 'q')";
        StatementLiterals literals = StatementLiterals.of(sql, SqlLexer.tokenize(sql));
        List<Sentinels.Sentinel> first =
                Sentinels.of(literals.slots(), Sentinels.Set.FIRST).orElseThrow();
        List<Sentinels.Sentinel> second =
                Sentinels.of(literals.slots(), Sentinels.Set.SECOND).orElseThrow();

        assertThat(Long.parseLong(first.get(0).value()))
                .isLessThan(Long.parseLong(first.get(1).value()));
        assertThat(Long.parseLong(second.get(0).value()))
                .isGreaterThan(Long.parseLong(second.get(1).value()));
        assertThat(first.get(2).value()).isLessThan(first.get(3).value());
        assertThat(second.get(2).value()).isGreaterThan(second.get(3).value());
        assertThat(first.get(2).value().length())
                .isNotEqualTo(second.get(2).value().length());
    }
}
