package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SluiceDriverTest {
    private final SluiceDriver driver = new SluiceDriver();

    @Test
    void acceptsSluiceUrls() throws SQLException {
        assertThat(driver.acceptsURL("jdbc:sluice://localhost:8765")).isTrue();
        assertThat(driver.acceptsURL("jdbc:sluice://[::1]")).isTrue();
    }

    @Test
    void rejectsOtherUrls() throws SQLException {
        assertThat(driver.acceptsURL("jdbc:postgresql://localhost/db")).isFalse();
        assertThat(driver.acceptsURL("jdbc:avatica:remote:url=http://localhost:8765"))
                .isFalse();
    }

    @Test
    void rejectsNullUrlInAcceptsUrl() {
        assertThatThrownBy(() -> driver.acceptsURL(null))
                .satisfies(hasSqlState("08001"))
                .hasMessage("url is null");
    }

    @Test
    void connectReturnsNullForOtherUrls() throws SQLException {
        assertThat(driver.connect("jdbc:postgresql://x", new Properties())).isNull();
        assertThat(driver.connect("jdbc:postgresql://x", null)).isNull();
    }

    @Test
    void connectReturnsNullForNullUrl() throws SQLException {
        assertThat(driver.connect(null, new Properties())).isNull();
    }

    @Test
    void driverManagerFindsTheDriver() throws SQLException {
        Driver found = DriverManager.getDriver("jdbc:sluice://127.0.0.1:1");

        assertThat(found).isInstanceOf(SluiceDriver.class);
    }

    @Test
    void driverIsRegisteredForServiceLoader() {
        assertThat(java.util.ServiceLoader.load(Driver.class).stream().map(java.util.ServiceLoader.Provider::type))
                .contains(SluiceDriver.class);
    }

    @Test
    void connectRejectsMalformedSluiceUrl() {
        assertThatThrownBy(() -> driver.connect("jdbc:sluice://localhost:0", new Properties()))
                .satisfies(hasSqlState("08001"))
                .hasMessageContaining("the port must be between 1 and 65535, was 0");
    }

    @Test
    void connectingWhereNothingListensFailsWithConnectionSqlState() throws IOException {
        int port = closedPort();
        String url = "jdbc:sluice://127.0.0.1:" + port;

        assertThatThrownBy(() -> driver.connect(url, new Properties()))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).startsWith("08"))
                .hasMessageStartingWith("Cannot connect to the Sluice gateway at http://127.0.0.1:" + port + ": ");
    }

    @Test
    void driverManagerConnectionWhereNothingListensFailsWithConnectionSqlState() throws IOException {
        int port = closedPort();

        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:sluice://127.0.0.1:" + port + ";cluster=prod"))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).startsWith("08"));
    }

    @Test
    void refusesAMistypedPropertyWithTheNameItWasMeantToBe() {
        assertThatThrownBy(() -> driver.connect("jdbc:sluice://127.0.0.1:1;serialisation=json", new Properties()))
                .satisfies(hasSqlState("08001"))
                .hasMessageStartingWith(
                        "Unknown Sluice connection property 'serialisation' (did you mean 'serialization'?); known properties: ");
        Properties info = new Properties();
        info.setProperty("pool_max_connection", "4");
        assertThatThrownBy(() -> driver.connect("jdbc:sluice://127.0.0.1:1", info))
                .hasMessageStartingWith("Unknown Sluice connection property 'pool_max_connection' (did you mean"
                        + " 'pool_max_connections'?)");
    }

    @Test
    void refusesAnUnknownSerializationNamingTheTwoItSpeaks() {
        assertThatThrownBy(() -> driver.connect("jdbc:sluice://127.0.0.1:1;serialization=xml", new Properties()))
                .satisfies(hasSqlState("08001"))
                .hasMessage("Invalid Sluice connection property: serialization must be protobuf or json, was 'xml'");
    }

    @Test
    void refusesAnUnknownPropertyWithoutGuessingWhenNothingIsClose() {
        assertThatThrownBy(() -> driver.connect("jdbc:sluice://127.0.0.1:1;colour=red", new Properties()))
                .satisfies(hasSqlState("08001"))
                .hasMessageStartingWith(
                        "Unknown Sluice connection property 'colour'; known properties: ansi_quotes, cluster, ")
                .hasMessageEndingWith(", and Flink options (keys with a dot); see docs/driver-properties.md");
    }

    @Test
    void passesFlinkOptionsAndAvaticasPropertiesOnToTheGateway() throws IOException {
        int port = closedPort();
        // past the check of names: it fails only for want of a gateway
        assertThatThrownBy(() -> driver.connect(
                        "jdbc:sluice://127.0.0.1:" + port + ";table.exec.resource.default-parallelism=1;fetch_size=10",
                        new Properties()))
                .hasMessageStartingWith("Cannot connect to the Sluice gateway at http://127.0.0.1:" + port);
    }

    @Test
    void propertyInfoListsEveryPropertyWithItsDescriptionAndChoices() throws SQLException {
        DriverPropertyInfo[] infos = driver.getPropertyInfo("jdbc:sluice://gw:8765;ssl=true", new Properties());

        Map<String, DriverPropertyInfo> byName = new HashMap<>();
        for (DriverPropertyInfo info : infos) {
            byName.put(info.name, info);
            assertThat(info.description).as(info.name).isNotBlank();
        }
        for (SluiceDriverProperty property : SluiceDriverProperty.values()) {
            assertThat(byName).containsKey(property.camelName());
        }
        assertThat(byName)
                .containsKeys("serialization", "user", "password")
                .hasSize(SluiceDriverProperty.values().length + 3);
        assertThat(byName.get("ssl").value).isEqualTo("true");
        assertThat(byName.get("ssl").choices).containsExactly("true", "false");
        assertThat(byName.get("ssl_provider").value).isEqualTo("AUTO");
        assertThat(byName.get("ssl_provider").choices).containsExactly("AUTO", "OPENSSL", "JDK");
        assertThat(byName.get("serialization").choices).containsExactly("protobuf", "json");
    }

    @Test
    void namesEveryGatewayOfTheUrlWhenNoneAnswers() throws IOException {
        int first = closedPort();
        int second = closedPort();

        assertThatThrownBy(() ->
                        driver.connect("jdbc:sluice://127.0.0.1:" + first + ",127.0.0.1:" + second, new Properties()))
                .satisfies(hasSqlState("08001"))
                .hasMessageStartingWith("None of the 2 Sluice gateways of the URL could be reached: 127.0.0.1:" + first
                        + ": Cannot connect to the Sluice gateway at http://127.0.0.1:" + first)
                .hasMessageContaining("; 127.0.0.1:" + second
                        + ": Cannot connect to the Sluice gateway at http://127.0.0.1:" + second);
    }

    /** A port on the loopback interface where nothing listens any more. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
