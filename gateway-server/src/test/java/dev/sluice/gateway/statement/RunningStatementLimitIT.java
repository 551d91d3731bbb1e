package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A user's statements running at once, over all their sessions, are held to sluice.security.user.max-running-statements:
 * one more is refused with 53000 while the user's running results go on and other users are not touched; a closed
 * result gives its place back.
 */
final class RunningStatementLimitIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String SLOW_TABLE = "create temporary table ticks (x int) with ("
            + " 'connector' = 'datagen', 'rows-per-second' = '10', 'number-of-rows' = '100000')";
    private static final String ONE_ROW_TABLE =
            "create temporary table single (x int) with ('connector' = 'datagen', 'number-of-rows' = '1')";

    @TempDir
    Path directory;

    @Test
    void aUserOverTheLimitIsRefusedWhileTheirRunningStatementsAndOtherUsersGoOn() throws Exception {
        Path users = directory.resolve("users.htpasswd");
        Files.writeString(users, "alice:" + bcrypt("alice-secret") + "\nbob:" + bcrypt("bob-secret") + "\n");
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods", "PASSWORD",
                "sluice.security.authentication.password.file", users.toString(),
                "sluice.security.user.max-running-statements", "2"));
        try (Connection first = connect(gateway, "alice", "alice-secret");
                Connection second = connect(gateway, "alice", "alice-secret");
                Connection bobs = connect(gateway, "bob", "bob-secret");
                Statement firstHeld = first.createStatement();
                Statement secondHeld = second.createStatement();
                Statement more = second.createStatement();
                Statement bob = bobs.createStatement()) {
            firstHeld.execute(SLOW_TABLE);
            secondHeld.execute(SLOW_TABLE);
            more.execute(ONE_ROW_TABLE);
            bob.execute(ONE_ROW_TABLE);
            // two results that alice reads slowly, in two sessions, keep two statements running
            ResultSet slowFirst = firstHeld.executeQuery("select x from ticks");
            assertThat(slowFirst.next()).isTrue();
            ResultSet slowSecond = secondHeld.executeQuery("select x from ticks");
            assertThat(slowSecond.next()).isTrue();

            assertThatThrownBy(() -> more.executeQuery("select x from single"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("53000");
                        assertThat(e.getMessage())
                                .contains("User alice already has 2 statements running, the limit set by"
                                        + " sluice.security.user.max-running-statements");
                    });
            assertThat(ReferenceWorkload.rows(bob.executeQuery("select x from single")))
                    .as("another user")
                    .hasSize(1);
            assertThat(slowFirst.next()).as("alice's running results go on").isTrue();
            assertThat(slowSecond.next()).isTrue();

            firstHeld.close(); // its open result gives its place back
            assertThat(ReferenceWorkload.rows(more.executeQuery("select x from single")))
                    .hasSize(1);
        }
    }

    private static Connection connect(SluiceGateway gateway, String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        return DriverManager.getConnection(gateway.jdbcUrl(), properties);
    }

    private static String bcrypt(String password) {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        return OpenBSDBCrypt.generate("2y", password.toCharArray(), salt, 4);
    }
}
