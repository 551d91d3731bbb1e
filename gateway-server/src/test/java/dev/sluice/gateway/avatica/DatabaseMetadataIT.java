package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code DatabaseMetaData} through the Sluice driver and, for the same calls, Avatica's stock driver, answered from the
 * session's Flink catalogs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DatabaseMetadataIT {
    private static final String DATAGEN = " WITH ('connector'='datagen', 'number-of-rows'='1')";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void theConnectionsCatalogAndSchemaAreTheSessions() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(connection.getCatalog()).isEqualTo("default_catalog");
            assertThat(connection.getSchema()).isEqualTo("default_database");
            statement.execute("create database if not exists elsewhere");

            connection.setSchema("elsewhere");
            assertThat(connection.getSchema()).isEqualTo("elsewhere");
            assertThat(firstColumn(statement.executeQuery("show current database")))
                    .containsExactly("elsewhere");
            // unqualified names resolve there now
            statement.execute("create temporary view here as select 1 as x");
            assertThat(firstColumn(statement.executeQuery("select x from default_catalog.elsewhere.here")))
                    .containsExactly(1);

            connection.setSchema("default_database");
            assertThat(firstColumn(statement.executeQuery("show current database")))
                    .containsExactly("default_database");

            // a USE statement stays where it went when the client later syncs its properties, which echo the old ones
            statement.execute("use elsewhere");
            connection.setReadOnly(false);
            connection.setAutoCommit(true);
            assertThat(firstColumn(statement.executeQuery("show current database")))
                    .containsExactly("elsewhere");
            connection.setSchema("default_database");

            assertThatThrownBy(() -> connection.setCatalog("nowhere"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(hasSqlState("42000"))
                    .hasMessageContaining("nowhere");
            assertThat(connection.getCatalog()).isEqualTo("default_catalog");
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    @Test
    void nullsSortAsTheMetadataSays() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(metaData.nullsAreSortedLow()).isTrue();
            assertThat(metaData.nullsAreSortedHigh()).isFalse();
            assertThat(metaData.nullsAreSortedAtStart()).isFalse();
            assertThat(metaData.nullsAreSortedAtEnd()).isFalse();
            statement.execute(
                    "create temporary table maybe (x INT) with ('connector' = 'datagen',"
                            + " 'number-of-rows' = '40', 'fields.x.null-rate' = '0.5', 'fields.x.min' = '1', 'fields.x.max' = '9')");
            List<Object> ascending = firstColumn(statement.executeQuery("select x from maybe order by x"));
            List<Object> descending = firstColumn(statement.executeQuery("select x from maybe order by x desc"));
            assertThat(ascending).contains((Object) null);
            assertThat(ascending.get(0)).as("low: first when ascending").isNull();
            assertThat(descending.get(descending.size() - 1))
                    .as("low: last when descending")
                    .isNull();
        }
    }

    private static List<Object> firstColumn(ResultSet rows) throws SQLException {
        List<Object> values = new ArrayList<>();
        try (rows) {
            while (rows.next()) {
                values.add(rows.getObject(1));
            }
        }
        return values;
    }

    @Test
    void advertisesFlinksQuotingAndCaseRulesAndTheyWork() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            DatabaseMetaData metaData = connection.getMetaData();
            String quote = metaData.getIdentifierQuoteString();
            assertThat(quote).isEqualTo("`");
            assertThat(metaData.storesUpperCaseIdentifiers()).isFalse();
            assertThat(metaData.storesLowerCaseIdentifiers()).isFalse();
            assertThat(metaData.supportsMixedCaseIdentifiers()).isTrue();
            assertThat(metaData.supportsMixedCaseQuotedIdentifiers()).isTrue();
            assertThat(metaData.storesUpperCaseQuotedIdentifiers()).isFalse();

            // SQL quoted the way the metadata says parses, and mixed case is kept as written
            statement.execute("create temporary view " + quote + "Mixed Case" + quote + " as select 1 as " + quote
                    + "Value" + quote);
            try (ResultSet result = statement.executeQuery(
                    "select " + quote + "Value" + quote + " from " + quote + "Mixed Case" + quote)) {
                assertThat(result.getMetaData().getColumnLabel(1)).isEqualTo("Value");
                assertThat(result.next()).isTrue();
                assertThat(result.getInt(1)).isEqualTo(1);
            }
            assertThat(column(metaData.getTables(null, null, "Mixed Case", null), "TABLE_NAME"))
                    .containsExactly("Mixed Case");
        }
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

    @Test
    void givesPrimaryKeysDeclaredInDdlWithTheirSequenceAndName() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE keyed (b STRING NOT NULL, a INT NOT NULL, c INT,"
                    + " CONSTRAINT pk_keyed PRIMARY KEY (b, a) NOT ENFORCED)" + DATAGEN);
            statement.execute(
                    "CREATE TEMPORARY TABLE unnamed_key (id BIGINT, PRIMARY KEY (id) NOT ENFORCED)" + DATAGEN);
            statement.execute("CREATE TEMPORARY TABLE keyless (id BIGINT)" + DATAGEN);
            DatabaseMetaData metaData = connection.getMetaData();

            try (ResultSet keys = metaData.getPrimaryKeys(null, null, "keyed")) {
                ResultSetMetaData columns = keys.getMetaData();
                assertThat(columns.getColumnCount()).isEqualTo(6);
                assertThat(List.of(
                                columns.getColumnName(1),
                                columns.getColumnName(2),
                                columns.getColumnName(3),
                                columns.getColumnName(4),
                                columns.getColumnName(5),
                                columns.getColumnName(6)))
                        .containsExactly("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME");
                assertThat(columns.getColumnType(5)).isEqualTo(Types.SMALLINT);
                // JDBC orders by column name; KEY_SEQ is the place in the key
                assertThat(rows(keys, "TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"))
                        .containsExactly(
                                List.of("default_catalog", "default_database", "keyed", "a", "2", "pk_keyed"),
                                List.of("default_catalog", "default_database", "keyed", "b", "1", "pk_keyed"));
            }
            try (ResultSet keys = metaData.getPrimaryKeys(null, null, "keyed")) {
                assertThat(keys.next()).isTrue();
                assertThat(keys.getShort("KEY_SEQ")).isEqualTo((short) 2);
            }
            // Flink names a key declared without CONSTRAINT itself
            assertThat(rows(metaData.getPrimaryKeys(null, null, "unnamed_key"), "COLUMN_NAME", "KEY_SEQ", "PK_NAME"))
                    .containsExactly(List.of("id", "1", "PK_id"));
            assertThat(rows(metaData.getPrimaryKeys(null, null, "keyless"), "COLUMN_NAME"))
                    .isEmpty();
            assertThat(rows(metaData.getPrimaryKeys(null, null, "no_such_table"), "COLUMN_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void narrowsPrimaryKeysByCatalogAndSchemaAsJdbcSays() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE CATALOG keys_catalog WITH ('type'='generic_in_memory')");
            statement.execute(
                    "CREATE TABLE keys_catalog.`default`.twin (x INT, PRIMARY KEY (x) NOT ENFORCED)" + DATAGEN);
            statement.execute("CREATE TEMPORARY TABLE twin (y INT, PRIMARY KEY (y) NOT ENFORCED)" + DATAGEN);
            DatabaseMetaData metaData = connection.getMetaData();

            // null: any catalog and schema, not the current ones
            assertThat(rows(metaData.getPrimaryKeys(null, null, "twin"), "TABLE_CAT", "TABLE_SCHEM", "COLUMN_NAME"))
                    .containsExactly(
                            List.of("keys_catalog", "default", "x"),
                            List.of("default_catalog", "default_database", "y"));
            assertThat(column(metaData.getPrimaryKeys("keys_catalog", null, "twin"), "COLUMN_NAME"))
                    .containsExactly("x");
            assertThat(column(metaData.getPrimaryKeys(null, "default_database", "twin"), "COLUMN_NAME"))
                    .containsExactly("y");
            assertThat(column(metaData.getPrimaryKeys("default_catalog", "default_database", "twin"), "COLUMN_NAME"))
                    .containsExactly("y");
            // "": without a catalog or schema, and every Flink table has both
            assertThat(column(metaData.getPrimaryKeys("", null, "twin"), "COLUMN_NAME"))
                    .isEmpty();
            assertThat(column(metaData.getPrimaryKeys(null, "", "twin"), "COLUMN_NAME"))
                    .isEmpty();
            // names, not patterns
            assertThat(column(metaData.getPrimaryKeys(null, null, "twi_"), "COLUMN_NAME"))
                    .isEmpty();
            assertThat(column(metaData.getPrimaryKeys("keys%", null, "twin"), "COLUMN_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void findsPrimaryKeysOfTablesWithAnyName() throws SQLException {
        List<String> names = List.of("it's", "a `ticked` name", "\"double\"", "semi; -- colon", "ünï 中文");
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            for (String name : names) {
                String quoted = "`" + name.replace("`", "``") + "`";
                statement.execute("CREATE TEMPORARY TABLE " + quoted + " (" + quoted + " INT, PRIMARY KEY (" + quoted
                        + ") NOT ENFORCED)" + DATAGEN);
            }
            for (String name : names) {
                assertThat(rows(
                                connection.getMetaData().getPrimaryKeys(null, "default_database", name),
                                "TABLE_NAME",
                                "COLUMN_NAME"))
                        .as(name)
                        .containsExactly(List.of(name, name));
            }
        }
    }

    @Test
    void primaryKeysFollowDdlDespiteTheCache() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "CREATE TABLE rekeyed (a INT NOT NULL, b INT NOT NULL, PRIMARY KEY (a) NOT ENFORCED)" + DATAGEN);
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(column(metaData.getPrimaryKeys(null, null, "rekeyed"), "COLUMN_NAME"))
                    .containsExactly("a");
            statement.execute("ALTER TABLE rekeyed DROP PRIMARY KEY");
            assertThat(column(metaData.getPrimaryKeys(null, null, "rekeyed"), "COLUMN_NAME"))
                    .isEmpty();
            statement.execute("ALTER TABLE rekeyed ADD PRIMARY KEY (b, a) NOT ENFORCED");
            assertThat(rows(metaData.getPrimaryKeys(null, null, "rekeyed"), "COLUMN_NAME", "KEY_SEQ"))
                    .containsExactly(List.of("a", "2"), List.of("b", "1"));
            statement.execute("DROP TABLE rekeyed");
            assertThat(column(metaData.getPrimaryKeys(null, null, "rekeyed"), "COLUMN_NAME"))
                    .isEmpty();
        }
    }

    @Test
    void closesTheStatementBehindPrimaryKeysWithTheirResult() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            ResultSet keys = connection.getMetaData().getPrimaryKeys(null, null, "anything");
            Statement statement = keys.getStatement();
            assertThat(statement.isClosed()).isFalse();
            keys.close();
            assertThat(statement.isClosed()).isTrue();
        }
    }

    @Test
    void refusesPrimaryKeysWithoutATableName() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            assertThatThrownBy(() -> connection.getMetaData().getPrimaryKeys(null, null, null))
                    .isInstanceOfSatisfying(
                            SQLDataException.class,
                            e -> assertThat(e.getSQLState()).isEqualTo("22023"))
                    .hasMessage("getPrimaryKeys needs a table name, was null");
        }
    }

    /**
     * Avatica's protocol has no request for primary keys: the stock driver's {@code getPrimaryKeys} answers an empty
     * result without asking the gateway (docs/clients.md says so). Its users can run {@code SHOW PRIMARY KEYS}, which gives the
     * same columns.
     */
    @ParameterizedTest
    @EnumSource(
            value = ClientDriver.class,
            names = {"AVATICA_PROTOBUF", "AVATICA_JSON"})
    void theStockDriverFindsPrimaryKeysWithShowPrimaryKeysOnly(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE stock_keyed (b STRING NOT NULL, a INT NOT NULL,"
                    + " CONSTRAINT pk_stock PRIMARY KEY (b, a) NOT ENFORCED)" + DATAGEN);
            ResultSet empty = connection.getMetaData().getPrimaryKeys(null, null, "stock_keyed");
            assertThat(empty.getMetaData().getColumnName(4)).isEqualTo("COLUMN_NAME");
            assertThat(rows(empty, "COLUMN_NAME")).isEmpty();

            assertThat(rows(
                            statement.executeQuery("SHOW PRIMARY KEYS FROM stock_keyed IN DATABASE default_database"),
                            "TABLE_NAME",
                            "COLUMN_NAME",
                            "KEY_SEQ",
                            "PK_NAME"))
                    .containsExactly(
                            List.of("stock_keyed", "a", "2", "pk_stock"), List.of("stock_keyed", "b", "1", "pk_stock"));
            try (PreparedStatement prepared = connection.prepareStatement("SHOW PRIMARY KEYS FROM ?")) {
                prepared.setString(1, "stock_keyed");
                assertThat(column(prepared.executeQuery(), "COLUMN_NAME")).containsExactly("a", "b");
            }
            assertThatThrownBy(() -> statement.executeQuery("SHOW PRIMARY KEYS FROM stock_keyed IN SCHEMA x"))
                    .satisfies(hasSqlState("42000"))
                    .hasMessageContaining("Invalid SHOW PRIMARY KEYS statement at line 1, column 39");
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
    void everyColumnTypeNameIsATypeOfGetTypeInfo() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE every_type (a TINYINT, b SMALLINT, c INT, d BIGINT,"
                    + " e DECIMAL(10, 2), f FLOAT, g DOUBLE, h CHAR(3), i STRING, j BINARY(2), k BYTES, l BOOLEAN,"
                    + " m DATE, n TIME, o TIMESTAMP(3), p TIMESTAMP_LTZ(3), q ARRAY<INT>, r MAP<STRING, INT>,"
                    + " s ROW<x INT>, t MULTISET<INT>)" + DATAGEN);
            List<String> typeInfo = rows(connection.getMetaData().getTypeInfo(), "TYPE_NAME", "DATA_TYPE").stream()
                    .map(row -> row.get(0) + "/" + row.get(1))
                    .toList();
            List<String> columns = new ArrayList<>();
            try (ResultSet described = connection.getMetaData().getColumns(null, null, "every_type", null)) {
                while (described.next()) {
                    columns.add(described.getString("TYPE_NAME") + "/" + described.getInt("DATA_TYPE"));
                }
            }
            // avatica-go maps a column by the name getColumns gives it, so that name must be one getTypeInfo lists
            assertThat(columns)
                    .hasSize(20)
                    .contains("INTEGER/" + Types.INTEGER, "ARRAY/" + Types.ARRAY, "ROW/" + Types.STRUCT);
            assertThat(typeInfo).containsAll(columns);
            try (ResultSet result = statement.executeQuery("SELECT CAST(1 AS INT) AS x")) {
                assertThat(result.getMetaData().getColumnTypeName(1)).isEqualTo("INTEGER");
            }
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

    /** The metadata calls a BI tool makes after DDL, with the same answers through every driver. */
    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void answersTheSameMetadataCallsAfterDdlThroughEveryDriver(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway));
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE md_orders (id BIGINT NOT NULL, name VARCHAR(20),"
                    + " price DECIMAL(10, 2), PRIMARY KEY (id) NOT ENFORCED)" + DATAGEN);
            statement.execute("CREATE TEMPORARY VIEW md_view AS SELECT id, name FROM md_orders");
            DatabaseMetaData metaData = connection.getMetaData();

            assertThat(column(metaData.getCatalogs(), "TABLE_CAT")).contains("default_catalog");
            assertThat(rows(metaData.getSchemas(null, "default%"), "TABLE_CATALOG", "TABLE_SCHEM"))
                    .containsExactly(List.of("default_catalog", "default_database"));
            assertThat(rows(metaData.getTables(null, null, "md%", null), "TABLE_CAT", "TABLE_NAME", "TABLE_TYPE"))
                    .containsExactly(
                            List.of("default_catalog", "md_orders", "TABLE"),
                            List.of("default_catalog", "md_view", "VIEW"));
            assertThat(column(metaData.getTables(null, null, "md%", new String[] {"VIEW"}), "TABLE_NAME"))
                    .containsExactly("md_view");
            assertThat(rows(
                            metaData.getColumns(null, null, "md_orders", null),
                            "COLUMN_NAME",
                            "DATA_TYPE",
                            "TYPE_NAME",
                            "COLUMN_SIZE",
                            "DECIMAL_DIGITS",
                            "NULLABLE",
                            "ORDINAL_POSITION"))
                    .containsExactly(
                            List.of("id", String.valueOf(Types.BIGINT), "BIGINT", "19", "0", "0", "1"),
                            Arrays.asList("name", String.valueOf(Types.VARCHAR), "VARCHAR", "20", null, "1", "2"),
                            List.of("price", String.valueOf(Types.DECIMAL), "DECIMAL", "10", "2", "1", "3"));
            assertThat(column(metaData.getColumns(null, null, "md_view", null), "COLUMN_NAME"))
                    .containsExactly("id", "name");
            assertThat(column(metaData.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE", "VIEW");
            assertThat(rows(metaData.getTypeInfo(), "TYPE_NAME", "DATA_TYPE"))
                    .contains(
                            List.of("BIGINT", String.valueOf(Types.BIGINT)),
                            List.of("VARCHAR", String.valueOf(Types.VARCHAR)),
                            List.of("DECIMAL", String.valueOf(Types.DECIMAL)));
            statement.execute("DROP TEMPORARY VIEW md_view");
            assertThat(column(metaData.getTables(null, null, "md%", null), "TABLE_NAME"))
                    .containsExactly("md_orders");
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
