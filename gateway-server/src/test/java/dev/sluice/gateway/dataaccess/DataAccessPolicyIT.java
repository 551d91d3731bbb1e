package dev.sluice.gateway.dataaccess;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PasswordUsers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The data-access policy through the JDBC driver, as two users of one gateway on the embedded cluster meet it: the
 * whole temporary directory readable, each user's scratch directory writable, the gateway's password file inside the
 * readable directory. Every refusal is 42501, names the option and the policy key, and leaves the disk as it was.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DataAccessPolicyIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    static Path root;

    private static Path shared;
    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        Path users = PasswordUsers.write(root, "alice", "bob");
        shared = Files.createDirectories(root.resolve("shared"));
        Files.writeString(shared.resolve("part-0.csv"), "1,one\n2,two\n");
        Files.createDirectories(root.resolve("scratch/alice"));
        Files.createDirectories(root.resolve("scratch/bob"));
        // a link out of an allowed directory (Flink follows links inside a table's directory, so links are resolved
        // in a table's own path only: an administrator keeps them out of allowed directories)
        Files.createSymbolicLink(Files.createDirectories(root.resolve("links")).resolve("etc"), Path.of("/etc"));
        gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods",
                "PASSWORD",
                "sluice.security.authentication.password.file",
                users.toString(),
                "sluice.security.data.readable-locations",
                root.toString(),
                "sluice.security.data.writable-locations",
                root.resolve("scratch") + "/${user}"));
    }

    @Test
    void aTableMayReadWhatThePolicyAllows() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute(csvTable("numbers", shared));
            assertThat(rows(statement, "select id, name from numbers order by id"))
                    .containsExactly("1,one", "2,two");
        }
    }

    @Test
    void aFileOutsideTheReadableLocationsIsRefusedBeforeTheTableExists() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() -> statement.execute(rawTable("shadow", "/etc/shadow")))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("'/etc/shadow' (option 'path')")
                    .hasMessageContaining("sluice.security.data.readable-locations");
            assertThatThrownBy(() -> statement.executeQuery("select * from shadow"))
                    .as("the refused table was not created")
                    .satisfies(hasSqlState("42000"));
        }
    }

    @Test
    void theGatewaysOwnFilesAreNeverReachableEvenInsideAReadableDirectory() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() -> statement.execute(
                            rawTable("users", root.resolve("users.htpasswd").toString())))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("one of the gateway's own files");
            assertThatThrownBy(() -> statement.execute(rawTable("everything", root.toString())))
                    .as("a directory that holds the password file reads it")
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("one of the gateway's own files");
        }
    }

    @Test
    void dotsAndSymbolicLinksDoNotLeadOutOfAnAllowedDirectory() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() -> statement.execute(rawTable("climb", shared + "/../../../../../etc/passwd")))
                    .satisfies(hasSqlState("42501"));
            assertThatThrownBy(() -> statement.execute(
                            rawTable("linked", root.resolve("links/etc/passwd").toString())))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("lies outside");
            assertThatThrownBy(() -> statement.execute(rawTable("uri", "file://" + root + "/links/etc/../etc/passwd")))
                    .satisfies(hasSqlState("42501"));
        }
    }

    @Test
    void eachUserWritesOnlyTheirOwnScratchDirectory() throws Exception {
        Path aliceDir = root.resolve("scratch/alice/out");
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute(csvTable("mine", aliceDir));
            statement.execute("insert into mine values (7, 'seven')");
            assertThat(rows(statement, "select id, name from mine")).containsExactly("7,seven");
        }
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement()) {
            statement.execute(csvTable("hers", aliceDir));
            assertThat(rows(statement, "select id, name from hers"))
                    .as("readable, as the whole directory is")
                    .containsExactly("7,seven");
            List<Path> before = files(aliceDir);
            assertThatThrownBy(() -> statement.execute("insert overwrite hers values (0, 'gone')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("may not write")
                    .hasMessageContaining("sluice.security.data.writable-locations");
            assertThat(files(aliceDir)).as("nothing written or deleted").isEqualTo(before);
        }
    }

    @Test
    void aReadableDirectoryIsNotWritable() throws Exception {
        List<Path> before = files(shared);
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute(csvTable("numbers_w", shared));
            assertThatThrownBy(() -> statement.execute("insert into numbers_w values (3, 'three')"))
                    .satisfies(hasSqlState("42501"));
            assertThatThrownBy(() ->
                            statement.execute("create table copied with ('connector' = 'filesystem'," + " 'path' = '"
                                    + shared.resolve("copy") + "', 'format' = 'csv') as select * from numbers_w"))
                    .satisfies(hasSqlState("42501"));
        }
        assertThat(files(shared)).isEqualTo(before);
    }

    @Test
    void aSuccessFileMayNotLeaveTheTablesPath() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() -> statement.execute("create temporary table t (id INT) with ('connector' ="
                            + " 'filesystem', 'path' = '" + root.resolve("scratch/alice/t") + "', 'format' = 'csv',"
                            + " 'sink.partition-commit.success-file.name' = '../../x')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("sink.partition-commit.success-file.name");
        }
    }

    @Test
    void aHintCannotPointATableElsewhere() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute(csvTable("numbers_h", shared));
            assertThatThrownBy(() -> statement.executeQuery("select * from numbers_h /*+ OPTIONS('path' = '/etc') */"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("'/etc' (option 'path')");
            assertThatThrownBy(() -> statement.execute(
                            "insert into numbers_h /*+ OPTIONS('connector' = 'print') */ values (5, 'five')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("connector 'print'");
        }
    }

    @Test
    void connectorsCatalogsAndServersOutsideThePolicyAreRefused() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            assertThatThrownBy(() ->
                            statement.execute("create temporary table console (x INT) with ('connector' = 'print')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("sluice.security.data.connectors");
            assertThatThrownBy(() -> statement.execute(rawTable("remote", "hdfs://127.0.0.1:9/data")))
                    .as("no connection to a server outside the policy, and no 08006 about a cluster")
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("hdfs://127.0.0.1:9/data");
            assertThatThrownBy(() -> statement.execute("create catalog lake with ('type' = 'paimon', 'warehouse' = '"
                            + shared.resolve("lake") + "')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("sluice.security.data.writable-locations");
            assertThat(shared.resolve("lake")).doesNotExist();
            assertThatThrownBy(() -> statement.execute(
                            "create catalog pg with ('type' = 'jdbc', 'base-url' = 'jdbc:postgresql://127.0.0.1:9/')"))
                    .satisfies(hasSqlState("42501"))
                    .hasMessageContaining("sluice.security.data.catalog-types");
            assertThatThrownBy(
                            () -> statement.execute("set 'execution.checkpointing.savepoint-dir' = '/tmp/elsewhere'"))
                    .satisfies(hasSqlState("42501"));
            statement.execute(csvTable("numbers_p", shared));
            assertThatThrownBy(() -> statement.execute("compile plan '" + root.resolve("plan.json")
                            + "' for insert into numbers_p select * from numbers_p"))
                    .satisfies(hasSqlState("42501"));
            assertThat(root.resolve("plan.json")).doesNotExist();
        }
        try (Connection bob = connect("bob");
                Statement statement = bob.createStatement();
                ResultSet one = statement.executeQuery("select 1")) {
            assertThat(one.next())
                    .as("the gateway serves others after the refusals")
                    .isTrue();
        }
    }

    @Test
    void aUsersOwnCatalogMayKeepItsDataInTheirScratchDirectory() throws Exception {
        try (Connection alice = connect("alice");
                Statement statement = alice.createStatement()) {
            statement.execute("create catalog mylake with ('type' = 'paimon', 'warehouse' = '"
                    + root.resolve("scratch/alice/lake") + "')");
            statement.execute("create table mylake.`default`.kv (k INT, v STRING)");
            statement.execute("insert into mylake.`default`.kv values (1, 'a')");
            assertThat(rows(statement, "select k, v from mylake.`default`.kv")).containsExactly("1,a");
        }
    }

    private Connection connect(String user) throws SQLException {
        return DriverManager.getConnection(gateway.jdbcUrl(), user, PasswordUsers.password(user));
    }

    private static String csvTable(String name, Path directory) {
        return "create temporary table " + name + " (id INT, name STRING) with ('connector' = 'filesystem', 'path' = '"
                + directory + "', 'format' = 'csv')";
    }

    private static String rawTable(String name, String path) {
        return "create temporary table " + name + " (line STRING) with ('connector' = 'filesystem', 'path' = '" + path
                + "', 'format' = 'raw')";
    }

    private static List<String> rows(Statement statement, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery(query)) {
            while (result.next()) {
                rows.add(result.getString(1) + "," + result.getString(2));
            }
        }
        return rows;
    }

    private static List<Path> files(Path directory) throws Exception {
        if (!Files.exists(directory)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            List<Path> found = new ArrayList<>();
            for (Path path : walk.sorted().toList()) {
                found.add(path);
                if (Files.isRegularFile(path)) {
                    Files.readString(path, StandardCharsets.UTF_8); // readable, so unchanged content shows below
                }
            }
            return found;
        }
    }
}
