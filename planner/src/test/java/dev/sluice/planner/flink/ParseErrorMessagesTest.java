package dev.sluice.planner.flink;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Flink's own parse errors, as the gateway words them. */
final class ParseErrorMessagesTest {
    private static TableEnvironment environment;

    @BeforeAll
    static void createEnvironment() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    private static String messageOf(String sql) {
        Throwable failure = catchThrowable(() -> environment.sqlQuery(sql));
        assertThat(failure).as(sql).isNotNull();
        return FlinkStatementFaults.message(failure);
    }

    @Test
    void aReservedWordWhereANameStandsIsToBeQuotedInBackTicks() {
        String message = messageOf("select day from (values (1)) as t(x)");

        assertThat(message)
                .startsWith("SQL parse failed. Encountered \"day\" at line 1, column 8.")
                .contains("\"day\" is a reserved word in Flink SQL: as a name, quote it in back ticks (`day`).")
                .contains("Was expecting one of: ");
    }

    @Test
    void theListOfExpectedTokensIsCutShort() {
        String message = messageOf("select x from (values (1)) as t(x) where");

        assertThat(message).containsPattern("and \\d+ more").doesNotContain("\n    ");
        assertThat(message.length()).isLessThan(500);
    }

    @Test
    void doubleQuotesAroundANameSayHowFlinkQuotes() {
        String message = messageOf("select \"x\" from (values (1)) as t(x)");

        assertThat(message)
                .startsWith("SQL parse failed. Encountered \"\\\"\" at line 1, column 8.")
                .contains("Flink quotes names in back ticks (`name`), not double quotes")
                .contains("ansi_quotes=true");
    }

    @Test
    void aMessageWithoutAListIsLeftAsItIs() {
        assertThat(ParseErrorMessages.readable("Encountered \"FORM\" at line 1, column 10."))
                .isEqualTo("Encountered \"FORM\" at line 1, column 10.");
    }
}
