package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class StopJobStatementTest {
    private static final String ID = "0123456789abcdef0123456789abcdef";
    private static final String SYNTAX = "; the syntax is STOP JOB 'job id' [WITH SAVEPOINT] [WITH DRAIN]";

    static Stream<Arguments> statements() {
        return Stream.of(
                arguments("STOP JOB '" + ID + "'", new StopJobStatement(ID, false, false)),
                arguments("stop job '" + ID.toUpperCase() + "';", new StopJobStatement(ID, false, false)),
                arguments("STOP JOB '" + ID + "' WITH SAVEPOINT", new StopJobStatement(ID, true, false)),
                arguments(
                        "-- drain it\nSTOP /* now */ JOB '" + ID + "' with savepoint with drain ;",
                        new StopJobStatement(ID, true, true)));
    }

    @ParameterizedTest
    @MethodSource("statements")
    void readsTheStatement(String sql, StopJobStatement expected) {
        PlannedStatement planned = StatementPlanner.analyze(sql);

        assertThat(planned.route()).isEqualTo(StatementRoute.STOP_JOB);
        assertThat(planned.stopJob()).isEqualTo(expected);
    }

    static Stream<Arguments> invalidStatements() {
        return Stream.of(
                arguments(
                        "STOP JOB",
                        "Invalid STOP JOB statement at line 1, column 9: expected the job id: 32 hexadecimal digits"
                                + " in single quotes" + SYNTAX),
                arguments(
                        "STOP JOB 'abc'",
                        "Invalid STOP JOB statement at line 1, column 10: expected the job id: 32 hexadecimal digits"
                                + " in single quotes" + SYNTAX),
                arguments(
                        "STOP JOB `" + ID + "`",
                        "Invalid STOP JOB statement at line 1, column 10: expected the job id: 32 hexadecimal digits"
                                + " in single quotes" + SYNTAX),
                arguments(
                        "STOP JOB '0123456789abcdef0123456789abcdeg'",
                        "Invalid STOP JOB statement at line 1, column 10: expected the job id: 32 hexadecimal digits"
                                + " in single quotes" + SYNTAX),
                arguments(
                        "STOP JOB '" + ID + "' WITH DRAIN",
                        "Invalid STOP JOB statement at line 1, column 50: WITH DRAIN needs WITH SAVEPOINT before it"
                                + SYNTAX),
                arguments(
                        "STOP JOB '" + ID + "' WITH SAVEPOINT WITH SAVEPOINT",
                        "Invalid STOP JOB statement at line 1, column 65: expected SAVEPOINT or DRAIN, each at most"
                                + " once and in that order" + SYNTAX),
                arguments(
                        "STOP JOB '" + ID + "' NOW",
                        "Invalid STOP JOB statement at line 1, column 45: expected WITH SAVEPOINT, WITH DRAIN or the"
                                + " end of the statement" + SYNTAX));
    }

    @ParameterizedTest
    @MethodSource("invalidStatements")
    void refusesWhatDoesNotFitTheSyntax(String sql, String message) {
        PlannedStatement planned = StatementPlanner.analyze(sql);

        assertThat(planned.route()).isEqualTo(StatementRoute.STOP_JOB);
        assertThatThrownBy(planned::stopJob)
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage(message);
    }

    @Test
    void leavesOtherStatementsAlone() {
        assertThat(StatementPlanner.analyze("STOP").route()).isEqualTo(StatementRoute.FLINK);
        assertThat(StatementPlanner.analyze("SELECT 'STOP JOB'").route()).isNotEqualTo(StatementRoute.STOP_JOB);
    }

    @Test
    void rejectsADrainWithoutASavepoint() {
        assertThatThrownBy(() -> new StopJobStatement(ID, false, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("withDrain needs withSavepoint");
    }
}
