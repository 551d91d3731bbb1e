package dev.sluice.gateway;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code DatabaseMetaData} through the Sluice driver, answered from the session's Flink catalogs. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DatabaseMetadataIT {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GatewayTestSupport.startGateway(Map.of());
    }

    @AfterAll
    void stopGateway() throws Exception {
        gateway.close();
    }

    @Test
    void listsCatalogsAndSchemas() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE CATALOG other WITH ('type'='generic_in_memory')");
            statement.execute("CREATE DATABASE other.sales");
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(column(metaData.getCatalogs(), "TABLE_CAT")).containsExactly("default_catalog", "other");
            assertThat(rows(metaData.getSchemas(), "TABLE_CATALOG", "TABLE_SCHEM"))
                    .containsExactly(
                            List.of("default_catalog", "default_database"),
                            List.of("other", "default"),
                            List.of("other", "sales"));
            assertThat(rows(metaData.getSchemas("other", "s%"), "TABLE_CATALOG", "TABLE_SCHEM"))
                    .containsExactly(List.of("other", "sales"));
            assertThat(rows(metaData.getSchemas("", null), "TABLE_SCHEM")).isEmpty();
        }
    }

    @Test
    void listsTablesAndViewsWithTypesAndPatterns() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE meta_orders (id INT)" + DATAGEN);
            statement.execute("CREATE TEMPORARY TABLE metaXorders (id INT)" + DATAGEN);
            statement.execute("CREATE TEMPORARY VIEW meta_view AS SELECT id FROM meta_orders");
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(rows(metaData.getTables(null, null, "meta%", null), "TABLE_NAME", "TABLE_TYPE"))
                    .containsExactly(
                            List.of("metaXorders", "TABLE"),
                            List.of("meta_orders", "TABLE"),
                            List.of("meta_view", "VIEW"));
            assertThat(column(metaData.getTables(null, null, "meta\\_orders", null), "TABLE_NAME"))
                    .containsExactly("meta_orders");
            assertThat(column(metaData.getTables(null, null, "meta_orders", null), "TABLE_NAME"))
                    .containsExactly("metaXorders", "meta_orders");
            assertThat(column(metaData.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"))
                    .containsExactly("meta_view");
            assertThat(rows(
                            metaData.getTables("default_catalog", "default_database", "meta_view", null),
                            "TABLE_CAT",
                            "TABLE_SCHEM"))
                    .containsExactly(List.of("default_catalog", "default_database"));
            assertThat(column(metaData.getTables("nowhere", null, "%", null), "TABLE_NAME"))
                    .isEmpty();
            assertThat(column(metaData.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE", "VIEW");
        }
    }

    @Test
    void givesBinaryColumnsTheirLength() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "CREATE TEMPORARY TABLE raw_data (fixed_bytes BINARY(4), some_bytes VARBINARY(9))" + DATAGEN);
            try (ResultSet columns = connection.getMetaData().getColumns(null, null, "raw_data", null)) {
                assertThat(columns.next()).isTrue();
                assertThat(columns.getInt("DATA_TYPE")).isEqualTo(Types.BINARY);
                assertThat(columns.getInt("COLUMN_SIZE")).isEqualTo(4);
                assertThat(columns.next()).isTrue();
                assertThat(columns.getInt("COLUMN_SIZE")).isEqualTo(9);
            }
        }
    }

    @Test
    void describesColumnsWithJdbcTypesSizesAndNullability() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE typed (id BIGINT NOT NULL, name VARCHAR(20),"
                    + " price DECIMAL(10, 2), happened TIMESTAMP(3), doubled AS id * 2,"
                    + " PRIMARY KEY (id) NOT ENFORCED)" + DATAGEN);
            try (ResultSet columns = connection.getMetaData().getColumns(null, null, "typed", null)) {
                List<List<Object>> described = new ArrayList<>();
                while (columns.next()) {
                    described.add(List.of(
                            columns.getString("COLUMN_NAME"),
                            columns.getInt("DATA_TYPE"),
                            columns.getString("TYPE_NAME"),
                            columns.getInt("COLUMN_SIZE"),
                            columns.getInt("DECIMAL_DIGITS"),
                            columns.getInt("NULLABLE"),
                            columns.getString("IS_NULLABLE"),
                            columns.getInt("ORDINAL_POSITION"),
                            columns.getString("IS_GENERATEDCOLUMN")));
                }
                assertThat(described)
                        .containsExactly(
                                List.of(
                                        "id",
                                        Types.BIGINT,
                                        "BIGINT",
                                        19,
                                        0,
                                        DatabaseMetaData.columnNoNulls,
                                        "NO",
                                        1,
                                        "NO"),
                                List.of(
                                        "name",
                                        Types.VARCHAR,
                                        "VARCHAR",
                                        20,
                                        0,
                                        DatabaseMetaData.columnNullable,
                                        "YES",
                                        2,
                                        "NO"),
                                List.of(
                                        "price",
                                        Types.DECIMAL,
                                        "DECIMAL",
                                        10,
                                        2,
                                        DatabaseMetaData.columnNullable,
                                        "YES",
                                        3,
                                        "NO"),
                                List.of(
                                        "happened",
                                        Types.TIMESTAMP,
                                        "TIMESTAMP",
                                        23,
                                        3,
                                        DatabaseMetaData.columnNullable,
                                        "YES",
                                        4,
                                        "NO"),
                                List.of(
                                        "doubled",
                                        Types.BIGINT,
                                        "BIGINT",
                                        19,
                                        0,
                                        DatabaseMetaData.columnNoNulls,
                                        "NO",
                                        5,
                                        "YES"));
            }
            assertThat(column(connection.getMetaData().getColumns(null, null, "typed", "%e"), "COLUMN_NAME"))
                    .containsExactly("name", "price");
        }
    }

    /**
     * Avatica's wire protocol has no getPrimaryKeys request: its remote client answers with an empty result without
     * asking the gateway, whatever the gateway knows. This pins that behaviour, so that the test fails (and the
     * assertion can become the real keys) once the driver forwards the call.
     */
    @Test
    void primaryKeysAreAnsweredByTheAvaticaClientAlone() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE keyed (b STRING NOT NULL, a INT NOT NULL, c INT,"
                    + " CONSTRAINT pk_keyed PRIMARY KEY (b, a) NOT ENFORCED)" + DATAGEN);
            ResultSet keys = connection.getMetaData().getPrimaryKeys(null, null, "keyed");
            assertThat(keys.getMetaData().getColumnName(4)).isEqualTo("COLUMN_NAME");
            assertThat(rows(keys, "COLUMN_NAME")).isEmpty();
        }
    }

    @Test
    void seesDdlImmediatelyDespiteTheCache() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(column(metaData.getTables(null, null, "cached%", null), "TABLE_NAME"))
                    .isEmpty();
            statement.execute("CREATE TABLE cached_one (a INT)" + DATAGEN);
            assertThat(column(metaData.getTables(null, null, "cached%", null), "TABLE_NAME"))
                    .containsExactly("cached_one");
            statement.execute("ALTER TABLE cached_one ADD b STRING");
            assertThat(column(metaData.getColumns(null, null, "cached_one", null), "COLUMN_NAME"))
                    .containsExactly("a", "b");
            statement.execute("DROP TABLE cached_one");
            assertThat(column(metaData.getTables(null, null, "cached%", null), "TABLE_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void keepsEachSessionsTablesToItself() throws SQLException {
        try (Connection first = DriverManager.getConnection(gateway.jdbcUrl());
                Connection second = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = first.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE private_table (a INT)" + DATAGEN);
            assertThat(column(first.getMetaData().getTables(null, null, "private%", null), "TABLE_NAME"))
                    .containsExactly("private_table");
            assertThat(column(second.getMetaData().getTables(null, null, "private%", null), "TABLE_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void describesFlinksTypes() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            List<List<String>> types = rows(connection.getMetaData().getTypeInfo(), "TYPE_NAME", "DATA_TYPE");
            assertThat(types)
                    .contains(
                            List.of("INTEGER", String.valueOf(Types.INTEGER)),
                            List.of("VARCHAR", String.valueOf(Types.VARCHAR)),
                            List.of("DECIMAL", String.valueOf(Types.DECIMAL)),
                            List.of("TIMESTAMP", String.valueOf(Types.TIMESTAMP)));
            List<Integer> dataTypes =
                    types.stream().map(row -> Integer.valueOf(row.get(1))).toList();
            assertThat(dataTypes).isSorted();
        }
    }

    @Test
    void answersTheStockAvaticaDriver() throws SQLException {
        String url =
                "jdbc:avatica:remote:url=http://127.0.0.1:" + gateway.address().getPort() + ";serialization=protobuf";
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE stock_driver (a INT NOT NULL, b STRING)" + DATAGEN);
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(column(metaData.getCatalogs(), "TABLE_CAT")).contains("default_catalog");
            assertThat(rows(metaData.getTables(null, null, "stock%", null), "TABLE_NAME", "TABLE_TYPE"))
                    .containsExactly(List.of("stock_driver", "TABLE"));
            assertThat(rows(metaData.getColumns(null, null, "stock_driver", null), "COLUMN_NAME", "DATA_TYPE"))
                    .containsExactly(
                            List.of("a", String.valueOf(Types.INTEGER)), List.of("b", String.valueOf(Types.VARCHAR)));
            assertThat(column(metaData.getTypeInfo(), "TYPE_NAME")).contains("BIGINT", "VARCHAR");
        }
    }

    static List<String> column(ResultSet result, String name) throws SQLException {
        return rows(result, name).stream().map(row -> row.get(0)).toList();
    }

    static List<List<String>> rows(ResultSet result, String... names) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (result) {
            while (result.next()) {
                List<String> row = new ArrayList<>();
                for (String name : names) {
                    row.add(result.getString(name));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
