package dev.sluice.planner;

import dev.sluice.planner.SessionOptionStatement.ListOptions;
import dev.sluice.planner.SessionOptionStatement.ResetAll;
import dev.sluice.planner.SessionOptionStatement.ResetOption;
import dev.sluice.planner.SessionOptionStatement.SetOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SessionOptionStatementTest {
    private static final String INVALID_MESSAGE =
            "Invalid SET or RESET statement; expected SET, SET 'key' = 'value', RESET or RESET 'key'";

    static Stream<Arguments> validStatements() {
        return Stream.of(
                arguments("SET", new ListOptions()),
                arguments("set", new ListOptions()),
                arguments("SET;", new ListOptions()),
                arguments("  SET ;  ", new ListOptions()),
                arguments("SET 'k' = 'v'", new SetOption("k", "v")),
                arguments("SET 'k'='v'", new SetOption("k", "v")),
                arguments("SET k = v", new SetOption("k", "v")),
                arguments("SET k=v", new SetOption("k", "v")),
                arguments("set 'K' = 'V'", new SetOption("K", "V")),
                arguments("SET execution.runtime-mode = batch;", new SetOption("execution.runtime-mode", "batch")),
                arguments(
                        "SET 'table.local-time-zone' = 'Europe/Berlin' ;",
                        new SetOption("table.local-time-zone", "Europe/Berlin")),
                arguments("SET 'k' = 'it''s'", new SetOption("k", "it's")),
                arguments("SET 'it''s' = ''''", new SetOption("it's", "'")),
                arguments("SET 'k' = ''", new SetOption("k", "")),
                arguments("SET 'a key' = 'a value'", new SetOption("a key", "a value")),
                arguments("SET 'k' = 'a=b'", new SetOption("k", "a=b")),
                arguments("SET 'k' = 'x;y'", new SetOption("k", "x;y")),
                arguments("SET\n  'k'\n  =\n  'v'\n", new SetOption("k", "v")),
                arguments("RESET", new ResetAll()),
                arguments("reset;", new ResetAll()),
                arguments(" RESET ; ", new ResetAll()),
                arguments("RESET 'k'", new ResetOption("k")),
                arguments("RESET k;", new ResetOption("k")),
                arguments("reset 'parallelism.default'", new ResetOption("parallelism.default")),
                arguments("RESET 'it''s'", new ResetOption("it's")));
    }

    @ParameterizedTest
    @MethodSource("validStatements")
    void parsesValidStatement(String sql, SessionOptionStatement expected) {
        assertThat(SessionOptionStatement.parse(sql)).isEqualTo(expected);
    }

    static Stream<String> invalidStatements() {
        return Stream.of(
                "",
                "SETX",
                "SET 'k'",
                "SET k",
                "SET k =",
                "SET = v",
                "SET 'k' = 'v' extra",
                "SET 'k' = 'v';;",
                "SET 'unterminated = 'v'",
                "SET 'k' = 'v''",
                "SET 'k' = v'x",
                "SET a b = c",
                "RESET 'a' 'b'",
                "RESET k = v",
                "RESETX",
                "SELECT 1");
    }

    @ParameterizedTest
    @MethodSource("invalidStatements")
    void rejectsInvalidStatement(String sql) {
        assertThatThrownBy(() -> SessionOptionStatement.parse(sql))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage(INVALID_MESSAGE);
    }

    @ParameterizedTest
    @ValueSource(ints = {4_000, 20_000, 1_000_000})
    void parsesLongValuesWithoutOverflowingTheStack(int length) {
        // a backtracking regex recursed once per character: StackOverflowError from about 4,000 characters
        String value = "x".repeat(length);
        assertThat(SessionOptionStatement.parse("SET 'sluice.pad' = '" + value + "'"))
                .isEqualTo(new SetOption("sluice.pad", value));
        assertThat(SessionOptionStatement.parse("SET sluice.pad = " + value + ";"))
                .isEqualTo(new SetOption("sluice.pad", value));
        assertThat(SessionOptionStatement.parse("RESET '" + value + "'")).isEqualTo(new ResetOption(value));
    }

    @Test
    void parsesLongValuesOfEscapedQuotes() {
        String quotes = "a''".repeat(200_000);
        assertThat(SessionOptionStatement.parse("SET '" + quotes + "' = '" + quotes + "'"))
                .isEqualTo(new SetOption("a'".repeat(200_000), "a'".repeat(200_000)));
    }

    @Test
    void rejectsALongUnterminatedValue() {
        assertThatThrownBy(() -> SessionOptionStatement.parse("SET 'k' = '" + "x''".repeat(100_000)))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage(INVALID_MESSAGE);
    }

    @Test
    void rejectsNullSql() {
        assertThatThrownBy(() -> SessionOptionStatement.parse(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("sql is null");
    }
}
