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
    private static final String ALLOWED = ": expected SET, SET 'key' = 'value', RESET or RESET 'key'";

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
                arguments("RESET 'it''s'", new ResetOption("it's")),
                // comments wherever white space may stand, in every form the lexer knows
                arguments("-- per session\nSET 'k' = 'v'", new SetOption("k", "v")),
                arguments("/* a */ SET /* b */ 'k' /* c */ = /* d */ 'v' /* e */ ; -- f", new SetOption("k", "v")),
                arguments("// why\r\nRESET 'k' // because", new ResetOption("k")),
                arguments("SET -- nothing more\n", new ListOptions()),
                arguments("SET 'k' = 'v'--c", new SetOption("k", "v")),
                arguments("SET 'k'='-- not a comment'", new SetOption("k", "-- not a comment")),
                // an unquoted value runs to white space: a path is not cut at what looks like a comment
                arguments(
                        "SET state.checkpoints.dir = file:///tmp/cp",
                        new SetOption("state.checkpoints.dir", "file:///tmp/cp")),
                arguments("SET k = a--b /* c */", new SetOption("k", "a--b")),
                arguments("SET'k'='v'", new SetOption("k", "v")));
    }

    @ParameterizedTest
    @MethodSource("validStatements")
    void parsesValidStatement(String sql, SessionOptionStatement expected) {
        assertThat(SessionOptionStatement.parse(sql)).isEqualTo(expected);
    }

    /** Each invalid statement with the position of the first character that does not fit. */
    static Stream<Arguments> invalidStatements() {
        return Stream.of(
                arguments("", "line 1, column 1"),
                arguments("SETX", "line 1, column 1"),
                arguments("(SET 'k' = 'v')", "line 1, column 1"),
                arguments("SET 'k'", "line 1, column 8"),
                arguments("SET k", "line 1, column 6"),
                arguments("SET k =", "line 1, column 8"),
                arguments("SET = v", "line 1, column 5"),
                arguments("SET 'k' = 'v' extra", "line 1, column 15"),
                arguments("SET 'k' = 'v';;", "line 1, column 15"),
                arguments("SET 'k' = 'v'; SET 'l' = 'w'", "line 1, column 16"),
                arguments("SET 'unterminated = 'v'", "line 1, column 22"),
                arguments("SET 'k' = 'v''", "line 1, column 11"),
                arguments("SET 'k' = v'x", "line 1, column 12"),
                arguments("SET a b = c", "line 1, column 7"),
                arguments("-- first line\nSET 'k' =\n  = 'v'", "line 3, column 3"),
                arguments("RESET 'a' 'b'", "line 1, column 11"),
                arguments("RESET k = v", "line 1, column 9"),
                arguments("RESETX", "line 1, column 1"),
                arguments("SELECT 1", "line 1, column 1"));
    }

    @ParameterizedTest
    @MethodSource("invalidStatements")
    void rejectsInvalidStatementAtTheFirstCharacterThatDoesNotFit(String sql, String position) {
        assertThatThrownBy(() -> SessionOptionStatement.parse(sql))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage("Invalid SET or RESET statement at " + position + ALLOWED);
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
        assertThat(SessionOptionStatement.parse("SET" + " ".repeat(length) + "k =" + "\n".repeat(length) + "v"))
                .isEqualTo(new SetOption("k", "v"));
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
                .hasMessage("Invalid SET or RESET statement at line 1, column 11" + ALLOWED);
    }

    @Test
    void rejectsNullSql() {
        assertThatThrownBy(() -> SessionOptionStatement.parse(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("sql is null");
    }
}
