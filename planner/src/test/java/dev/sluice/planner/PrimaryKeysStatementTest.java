package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class PrimaryKeysStatementTest {
    private static final String SYNTAX =
            "; the syntax is SHOW PRIMARY KEYS FROM table [IN DATABASE database] [IN CATALOG catalog]";

    static Stream<Arguments> statements() {
        return Stream.of(
                arguments("SHOW PRIMARY KEYS FROM orders", new PrimaryKeysStatement(null, null, "orders")),
                arguments("show primary keys from Orders;", new PrimaryKeysStatement(null, null, "Orders")),
                arguments(
                        "-- which keys\nSHOW /* all */ PRIMARY KEYS FROM orders IN DATABASE sales IN CATALOG hive",
                        new PrimaryKeysStatement("hive", "sales", "orders")),
                arguments(
                        "SHOW PRIMARY KEYS FROM orders IN CATALOG hive IN DATABASE sales",
                        new PrimaryKeysStatement("hive", "sales", "orders")),
                arguments(
                        "SHOW PRIMARY KEYS FROM orders IN CATALOG hive",
                        new PrimaryKeysStatement("hive", null, "orders")),
                arguments(
                        "SHOW PRIMARY KEYS FROM `my ``odd`` table` IN DATABASE `db.x`",
                        new PrimaryKeysStatement(null, "db.x", "my `odd` table")),
                arguments(
                        "SHOW PRIMARY KEYS FROM 'it''s' IN DATABASE '' IN CATALOG 'ünï 中文'",
                        new PrimaryKeysStatement("ünï 中文", "", "it's")),
                arguments(
                        "SHOW PRIMARY KEYS FROM 'a\nb -- c' IN DATABASE '`\"?'",
                        new PrimaryKeysStatement(null, "`\"?", "a\nb -- c")));
    }

    @ParameterizedTest
    @MethodSource("statements")
    void readsTheNames(String sql, PrimaryKeysStatement expected) {
        assertThat(PrimaryKeysStatement.find(sql)).contains(expected);
    }

    static Stream<String> otherStatements() {
        return Stream.of(
                "SHOW TABLES",
                "SHOW PRIMARY",
                "SHOW PRIMARY TABLES",
                "SHOWN PRIMARY KEYS FROM t",
                "SELECT 'SHOW PRIMARY KEYS FROM t'",
                "-- SHOW PRIMARY KEYS FROM t\nSELECT 1",
                "");
    }

    @ParameterizedTest
    @MethodSource("otherStatements")
    void leavesOtherStatementsAlone(String sql) {
        assertThat(PrimaryKeysStatement.find(sql)).isEmpty();
    }

    static Stream<Arguments> invalidStatements() {
        return Stream.of(
                arguments("SHOW PRIMARY KEYS", "line 1, column 18: expected FROM"),
                arguments("SHOW PRIMARY KEYS orders", "line 1, column 19: expected FROM"),
                arguments("SHOW PRIMARY KEYS FROM", "line 1, column 23: expected a name"),
                arguments(
                        "SHOW PRIMARY KEYS FROM 42",
                        "line 1, column 24: expected a name: an identifier, one in back ticks or a string literal"),
                arguments(
                        "SHOW PRIMARY KEYS FROM \"orders\"",
                        "line 1, column 24: expected a name: an identifier, one in back ticks or a string literal"),
                arguments(
                        "SHOW PRIMARY KEYS FROM ?",
                        "line 1, column 24: expected a name: an identifier, one in back ticks or a string literal"),
                arguments("SHOW PRIMARY KEYS FROM 'orders", "line 1, column 24: the quoted name is not closed"),
                arguments("SHOW PRIMARY KEYS FROM `orders", "line 1, column 24: the quoted name is not closed"),
                arguments(
                        "SHOW PRIMARY KEYS FROM db.orders",
                        "line 1, column 26: expected IN DATABASE, IN CATALOG or the end of the statement"),
                arguments(
                        "SHOW PRIMARY KEYS FROM t IN SCHEMA s",
                        "line 1, column 29: expected DATABASE or CATALOG, each at most once"),
                arguments(
                        "SHOW PRIMARY KEYS FROM t IN DATABASE a IN DATABASE b",
                        "line 1, column 43: expected DATABASE or CATALOG, each at most once"),
                arguments(
                        "SHOW PRIMARY KEYS FROM t;;",
                        "line 1, column 26: expected IN DATABASE, IN CATALOG or the end of the statement"),
                arguments("SHOW PRIMARY KEYS\nFROM t IN\n  CATALOG", "line 3, column 10: expected a name"));
    }

    @ParameterizedTest
    @MethodSource("invalidStatements")
    void rejectsWhatDoesNotFitWithItsPosition(String sql, String problem) {
        assertThatThrownBy(() -> PrimaryKeysStatement.find(sql))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage("Invalid SHOW PRIMARY KEYS statement at " + problem + SYNTAX);
    }

    @Test
    void rejectsANullTable() {
        assertThatThrownBy(() -> new PrimaryKeysStatement("c", "d", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("table is null");
    }
}
