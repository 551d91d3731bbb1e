package dev.sluice.jdbc;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class ShowPrimaryKeysSqlTest {
    static Stream<Arguments> calls() {
        return Stream.of(
                arguments(null, null, "orders", "SHOW PRIMARY KEYS FROM 'orders'"),
                arguments("hive", null, "orders", "SHOW PRIMARY KEYS FROM 'orders' IN CATALOG 'hive'"),
                arguments(null, "sales", "orders", "SHOW PRIMARY KEYS FROM 'orders' IN DATABASE 'sales'"),
                arguments("", "", "t", "SHOW PRIMARY KEYS FROM 't' IN DATABASE '' IN CATALOG ''"),
                arguments(
                        "c'at",
                        "d`b",
                        "it's; DROP TABLE x --",
                        "SHOW PRIMARY KEYS FROM 'it''s; DROP TABLE x --' IN DATABASE 'd`b' IN CATALOG 'c''at'"));
    }

    @ParameterizedTest
    @MethodSource("calls")
    void sendsNamesAsStringLiteralsAndLeavesOutWhatIsNull(String catalog, String schema, String table, String sql) {
        assertThat(ShowPrimaryKeysSql.of(catalog, schema, table)).isEqualTo(sql);
    }
}
