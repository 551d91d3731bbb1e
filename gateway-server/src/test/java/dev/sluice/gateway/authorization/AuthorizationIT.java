package dev.sluice.gateway.authorization;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Authorization on a shared Paimon catalog through the JDBC driver, with a rules file: carol owns the lake, the
 * analysts (alice, bob) may read {@code sales.orders}, alice may also write the rest of {@code sales}, root is an
 * admin. Each refusal is 42501 and changes nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class AuthorizationIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String RULES = """
            admins: [root]
            groups:
              analysts: [alice, bob]
            tables:
              - user: carol
                catalog: lake
                privileges: [OWNERSHIP]
              - group: analysts
                catalog: lake
                database: sales
                table: orders
                privileges: [SELECT]
              - user: alice
                catalog: lake
                database: sales
                privileges: [SELECT, INSERT]
            """;

    @TempDir
    static Path directory;

    private Path rules;
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        Path users = PasswordUsers.write(directory, "alice", "bob", "carol", "root");
        rules = Files.writeString(directory.resolve("rules.yaml"), RULES);
        gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods", "PASSWORD",
                "sluice.security.authentication.password.file", users.toString(),
                "sluice.security.authorization.rules-file", rules.toString(),
                "sluice.security.authorization.refresh-interval", "1 s",
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse",
                        directory.resolve("lake").toUri().toString()));
        try (Connection carol = connect("carol");
                Statement statement = carol.createStatement()) {
            statement.execute("create database lake.sales");
            statement.execute("create table lake.sales.orders (id INT, amount DOUBLE)");
            statement.execute("create table lake.sales.salaries (name STRING, salary DOUBLE)");
            // a table no test grants bob, not even for a while
            statement.execute("create table lake.sales.secrets (name STRING, secret STRING)");
            statement.execute("insert into lake.sales.orders values (1, 12.5), (2, 7.25)");
            statement.execute("insert into lake.sales.salaries values ('carol', 100.0)");
        }
    }

    @Test
    void aUserReadsWhatTheRulesGrantAndNothingElse() throws Exception {
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select id from lake.sales.orders order by id")))
                    .containsExactly(List.of(1), List.of(2));
            assertThatThrownBy(() -> statement.executeQuery("select * from lake.sales.salaries"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("User bob may not read `lake`.`sales`.`salaries`")
                    .hasMessageContaining("sluice.security.authorization.rules-file");
            // a view of the session's own over a table the user may not read is expanded, and refused
            statement.execute("create temporary view peek as select name, salary from lake.sales.salaries");
            assertThatThrownBy(() -> statement.executeQuery("select * from peek"))
                    .satisfies(hasSqlState("42501"));
        }
    }

    @Test
    void aPlanSharedAcrossSessionsIsCheckedForEveryUser() throws Exception {
        // a table no rule ever grants bob, not even aChangedRulesFileIsUsedWithoutARestart's; the connections keep the
        // result cache out of it, which would answer carol's repeat before any plan (ResultCacheIT checks its users)
        String bonuses = "select name, bonus from lake.sales.bonuses where bonus > 50";
        try (Connection carol = connectPlanning("carol");
                Statement statement = carol.createStatement()) {
            statement.execute("create table lake.sales.bonuses (name STRING, bonus DOUBLE)");
            statement.execute("insert into lake.sales.bonuses values ('carol', 100.0)");
        }
        // a session that created nothing plans it for every such session
        try (Connection carol = connectPlanning("carol");
                Statement statement = carol.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery(bonuses)))
                    .containsExactly(List.of("carol", 100.0));
        }
        // carol's session planned it; bob's new session would take the same plan, and is refused as planning would
        try (Connection bob = connectPlanning("bob");
                Statement statement = bob.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery(bonuses))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("User bob may not read `lake`.`sales`.`bonuses`");
        }
        try (Connection carol = connectPlanning("carol");
                Statement statement = carol.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery(bonuses)))
                    .containsExactly(List.of("carol", 100.0));
            try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
                assertThat(history.next()).isTrue();
                while (history.getString("closed_session") != null) { // carol's earlier connections' come first
                    assertThat(history.next()).isTrue();
                }
                assertThat(history.getString("plan_cache"))
                        .as("carol's new session took the plan")
                        .isEqualTo("hit");
            }
        }
    }

    @Test
    void aUserDescribesOnlyTablesTheyMayRead() throws Exception {
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("describe lake.sales.orders")))
                    .extracting(row -> row.get(0))
                    .containsExactly("id", "amount");
            for (String sql : new String[] {
                "describe lake.sales.secrets",
                "show columns from lake.sales.secrets",
                "show create table lake.sales.secrets"
            }) {
                assertThatThrownBy(() -> statement.executeQuery(sql))
                        .as(sql)
                        .satisfies(hasSqlState("42501"))
                        .hasMessageContaining("User bob may not read `lake`.`sales`.`secrets`");
            }
        }
    }

    @Test
    void aUserCannotWriteOrDropWhatAnotherOwns() throws Exception {
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThatThrownBy(() -> statement.execute("insert into lake.sales.orders values (9, 1.0)"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("may not write");
            assertThatThrownBy(() -> statement.execute("drop table lake.sales.orders"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("may not alter or drop");
            assertThatThrownBy(() -> statement.execute("create table lake.sales.mine (x INT)"))
                    .satisfies(hasSqlState("42501"));
            assertThatThrownBy(() -> statement.execute("drop database lake.sales cascade"))
                    .satisfies(hasSqlState("42501"));
            assertThatThrownBy(() -> statement.execute("alter catalog lake set ('k' = 'v')"))
                    .satisfies(hasSqlState("42501"));
        }
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() -> statement.execute("insert into lake.sales.orders values (9, 1.0)"))
                    .as("the first rule that matches decides: orders is read-only for the analysts")
                    .satisfies(hasSqlState("42501"));
            statement.execute("insert into lake.sales.salaries values ('alice', 1.0)");
        }
        try (Connection carol = connect("carol");
                Statement statement = carol.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select count(*) from lake.sales.orders")))
                    .as("nothing was written or dropped")
                    .containsExactly(List.of(2L));
        }
    }

    @Test
    void metadataListsOnlyTheTablesAUserMayRead() throws Exception {
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThat(tableNames(bob)).containsExactly("orders");
            assertThat(ReferenceWorkload.rows(statement.executeQuery("show tables from lake.sales")))
                    .containsExactly(List.of("orders"));
            statement.execute("use lake.sales");
            assertThat(ReferenceWorkload.rows(statement.executeQuery("show tables")))
                    .as("the current database, listed without FROM")
                    .containsExactly(List.of("orders"));
        }
        try (Connection carol = connect("carol")) {
            assertThat(tableNames(carol)).contains("orders", "salaries");
        }
    }

    @Test
    void metadataListsOnlyTheDatabasesWhereAUserMayBeGrantedATable() throws Exception {
        try (Connection carol = connect("carol");
                Statement statement = carol.createStatement()) {
            statement.execute("create database if not exists lake.hr");
            assertThat(databaseNames(carol)).contains("default", "hr", "sales");
        }
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThat(databaseNames(bob)).containsExactly("sales");
            assertThat(ReferenceWorkload.rows(statement.executeQuery("show databases in lake")))
                    .containsExactly(List.of("sales"));
            statement.execute("use catalog lake");
            assertThat(ReferenceWorkload.rows(statement.executeQuery("show databases")))
                    .as("the current catalog, listed without IN")
                    .containsExactly(List.of("sales"));
            // a catalog of the session's own is not filtered
            assertThat(ReferenceWorkload.rows(statement.executeQuery("show databases in default_catalog")))
                    .containsExactly(List.of("default_database"));
        }
    }

    @Test
    void onlyAnAdminSeesTheClustersDashboard() throws Exception {
        assertThat(get("/api/clusters", "root")).containsPattern("\"dashboard\" ?: ?\"http");
        assertThat(get("/api/clusters", "bob")).doesNotContainPattern("\"dashboard\" ?: ?\"http");
    }

    @Test
    void anAdminSeesEveryUsersRunningQueries() throws Exception {
        try (Connection alice = connect("alice");
                Statement running = alice.createStatement()) {
            running.execute("create temporary table slow (x INT) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '100000', 'rows-per-second' = '2')");
            try (ResultSet rows = running.executeQuery("select x from slow")) {
                assertThat(rows.next()).isTrue();
                assertThat(runningQueryUsers("root")).as("an admin").contains("alice");
                assertThat(runningQueryUsers("bob")).as("another user").doesNotContain("alice");
            }
        }
    }

    private List<String> runningQueryUsers(String viewer) throws SQLException {
        List<String> users = new ArrayList<>();
        try (Connection connection = connect(viewer);
                Statement statement = connection.createStatement();
                ResultSet queries = statement.executeQuery("SHOW QUERIES")) {
            while (queries.next()) {
                users.add(queries.getString("user"));
            }
        }
        return users;
    }

    @Test
    void aChangedRulesFileIsUsedWithoutARestart() throws Exception {
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery("select count(*) from lake.sales.salaries"))
                    .satisfies(hasSqlState("42501"));
            Files.writeString(rules, RULES + """
                      - user: bob
                        catalog: lake
                        database: sales
                        table: salaries
                        privileges: [SELECT]
                    """, StandardCharsets.UTF_8);
            Eventually.within(Duration.ofSeconds(15)).untilAsserted(() -> {
                try (ResultSet count = statement.executeQuery("select count(*) from lake.sales.salaries")) {
                    assertThat(count.next()).isTrue();
                } catch (SQLException stillRefused) {
                    throw new AssertionError("not yet granted: " + stillRefused.getMessage(), stillRefused);
                }
            });
        } finally {
            Files.writeString(rules, RULES, StandardCharsets.UTF_8);
        }
    }

    private Connection connect(String user) throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl(), user, PasswordUsers.password(user));
    }

    /** A connection whose repeated queries are planned (or take a cached plan), not answered from the result cache. */
    private Connection connectPlanning(String user) throws SQLException {
        return DriverManager.getConnection(
                gateway.jdbcUrl() + ";sluice.result-cache.enabled=false", user, PasswordUsers.password(user));
    }

    private String get(String path, String user) throws Exception {
        String credentials = Base64.getEncoder()
                .encodeToString((user + ":" + PasswordUsers.password(user)).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + path))
                                .header("Authorization", "Basic " + credentials)
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    private static List<String> databaseNames(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet schemas = connection.getMetaData().getSchemas("lake", null)) {
            while (schemas.next()) {
                names.add(schemas.getString("TABLE_SCHEM"));
            }
        }
        return names;
    }

    private static List<String> tableNames(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet tables = connection.getMetaData().getTables("lake", null, "%", null)) {
            while (tables.next()) {
                names.add(tables.getString("TABLE_NAME"));
            }
        }
        return names;
    }
}
