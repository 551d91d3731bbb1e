package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.util.Map;
import java.util.stream.Stream;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SluiceUrlTest {
    static Stream<Arguments> validUrls() {
        return Stream.of(
                arguments("jdbc:sluice://localhost:9000", new SluiceUrl("localhost", 9000, Map.of())),
                arguments("jdbc:sluice://localhost", new SluiceUrl("localhost", 8765, Map.of())),
                arguments("jdbc:sluice://gateway.example.com:1/", new SluiceUrl("gateway.example.com", 1, Map.of())),
                arguments("jdbc:sluice://10.0.0.7:65535", new SluiceUrl("10.0.0.7", 65535, Map.of())),
                arguments("JDBC:SLUICE://localhost:9000", new SluiceUrl("localhost", 9000, Map.of())),
                arguments(
                        "jdbc:sluice://localhost:9000;cluster=prod;fetch_size=100",
                        new SluiceUrl("localhost", 9000, Map.of("cluster", "prod", "fetch_size", "100"))),
                arguments(
                        "jdbc:sluice://localhost:9000/;cluster=prod",
                        new SluiceUrl("localhost", 9000, Map.of("cluster", "prod"))),
                arguments(
                        "jdbc:sluice://localhost;cluster=prod",
                        new SluiceUrl("localhost", 8765, Map.of("cluster", "prod"))),
                arguments(
                        "jdbc:sluice://localhost:9000?cluster=prod&fetch_size=100",
                        new SluiceUrl("localhost", 9000, Map.of("cluster", "prod", "fetch_size", "100"))),
                arguments(
                        "jdbc:sluice://localhost:9000/?cluster=prod",
                        new SluiceUrl("localhost", 9000, Map.of("cluster", "prod"))),
                arguments(
                        "jdbc:sluice://localhost:9000; cluster = prod ;;truststore=/etc/ssl/ts.jks;",
                        new SluiceUrl("localhost", 9000, Map.of("cluster", "prod", "truststore", "/etc/ssl/ts.jks"))),
                arguments(
                        "jdbc:sluice://localhost:9000;serialization=json;serialization=protobuf",
                        new SluiceUrl("localhost", 9000, Map.of("serialization", "protobuf"))),
                arguments(
                        "jdbc:sluice://localhost:9000;password=a=b",
                        new SluiceUrl("localhost", 9000, Map.of("password", "a=b"))),
                arguments("jdbc:sluice://[::1]:8765", new SluiceUrl("::1", 8765, Map.of())),
                arguments("jdbc:sluice://[::1]", new SluiceUrl("::1", 8765, Map.of())),
                arguments(
                        "jdbc:sluice://[2001:db8::7]:9000/;cluster=prod",
                        new SluiceUrl("2001:db8::7", 9000, Map.of("cluster", "prod"))));
    }

    @ParameterizedTest
    @MethodSource("validUrls")
    void parsesValidUrl(String url, SluiceUrl expected) throws SQLException {
        assertThat(SluiceUrl.parse(url)).isEqualTo(expected);
    }

    @Test
    void rejectsInvalidUrls() {
        assertInvalid("jdbc:sluice:localhost:9000", "the host must follow 'jdbc:sluice://'");
        assertInvalid("jdbc:sluice:", "the host must follow 'jdbc:sluice://'");
        assertInvalid("jdbc:sluice://", "the host is missing");
        assertInvalid("jdbc:sluice://:9000", "the host is missing");
        assertInvalid("jdbc:sluice://;cluster=prod", "the host is missing");
        assertInvalid("jdbc:sluice://[]:9000", "the host is missing");
        assertInvalid("jdbc:sluice://localhost:", "the port must be a number, was ''");
        assertInvalid("jdbc:sluice://localhost:http", "the port must be a number, was 'http'");
        assertInvalid("jdbc:sluice://localhost:90:00", "the port must be a number, was '90:00'");
        assertInvalid("jdbc:sluice://localhost:0", "the port must be between 1 and 65535, was 0");
        assertInvalid("jdbc:sluice://localhost:65536", "the port must be between 1 and 65535, was 65536");
        assertInvalid("jdbc:sluice://localhost:-1", "the port must be between 1 and 65535, was -1");
        assertInvalid("jdbc:sluice://[::1:9000", "an IPv6 host must be closed with ']'");
        assertInvalid("jdbc:sluice://[::1]9000", "expected ':' and a port after the IPv6 host");
        assertInvalid("jdbc:sluice://[::1]:", "the port must be a number, was ''");
        assertInvalid("jdbc:sluice://localhost:9000/db", "properties must follow ';' or '?', found 'db'");
        assertInvalid("jdbc:sluice://localhost:9000;cluster", "property 'cluster' must be key=value");
        assertInvalid("jdbc:sluice://localhost:9000;=prod", "property '=prod' must be key=value");
        assertInvalid("jdbc:sluice://localhost:9000?cluster=prod&debug", "property 'debug' must be key=value");
    }

    @Test
    void keepsPropertiesInTheOrderWritten() throws SQLException {
        SluiceUrl url = SluiceUrl.parse("jdbc:sluice://localhost:9000;h=1;g=2;f=3;e=4;d=5;c=6;b=7;a=8");

        assertThat(url.properties().keySet()).containsExactly("h", "g", "f", "e", "d", "c", "b", "a");
    }

    @Test
    void acceptsOnlySluiceUrls() {
        assertThat(SluiceUrl.accepts("jdbc:sluice://localhost:9000")).isTrue();
        assertThat(SluiceUrl.accepts("JDBC:Sluice://localhost")).isTrue();
        assertThat(SluiceUrl.accepts("jdbc:sluice:malformed")).isTrue();
        assertThat(SluiceUrl.accepts("jdbc:postgresql://localhost")).isFalse();
        assertThat(SluiceUrl.accepts("jdbc:avatica:remote:url=http://localhost:8765"))
                .isFalse();
        assertThat(SluiceUrl.accepts("jdbc:sluic")).isFalse();
        assertThat(SluiceUrl.accepts("")).isFalse();
    }

    static Stream<Arguments> httpAddresses() {
        return Stream.of(
                arguments("jdbc:sluice://localhost:9000", "http://localhost:9000"),
                arguments("jdbc:sluice://localhost", "http://localhost:8765"),
                arguments("jdbc:sluice://Gateway.Example.COM:9000/;cluster=prod", "http://gateway.example.com:9000"),
                arguments("jdbc:sluice://[::1]:8765", "http://[::1]:8765"),
                arguments("jdbc:sluice://[2001:DB8::7]", "http://[2001:db8::7]:8765"));
    }

    @ParameterizedTest
    @MethodSource("httpAddresses")
    void derivesHttpAddress(String url, String expected) throws SQLException {
        assertThat(SluiceUrl.parse(url).httpAddress()).isEqualTo(expected);
    }

    @Test
    void copiesProperties() {
        java.util.HashMap<String, String> properties = new java.util.HashMap<>(Map.of("cluster", "prod"));
        SluiceUrl url = new SluiceUrl("localhost", 9000, properties);

        properties.put("cluster", "staging");

        assertThat(url.properties()).containsExactly(Map.entry("cluster", "prod"));
    }

    private static void assertInvalid(String url, String problem) {
        assertThatThrownBy(() -> SluiceUrl.parse(url))
                .as(url)
                .satisfies(hasSqlState("08001"))
                .hasMessage("Invalid Sluice URL '" + url + "': " + problem
                        + "; expected jdbc:sluice://HOST:PORT[;key=value...]");
    }

    @Test
    void reportsItselfWithoutSecrets() throws SQLException {
        SluiceUrl url = SluiceUrl.parse(
                "jdbc:sluice://GW.example:9000/;cluster=prod;truststore_password=x;password=y;ssl=true");

        assertThat(url.withoutSecrets()).isEqualTo("jdbc:sluice://GW.example:9000;cluster=prod;ssl=true");
        assertThat(SluiceUrl.parse("jdbc:sluice://[::1]:1").withoutSecrets()).isEqualTo("jdbc:sluice://[::1]:1");
    }

    @Test
    void namesSeveralGatewaysInOrder() throws SQLException {
        SluiceUrl url = SluiceUrl.parse("jdbc:sluice://gw1:9000, gw2 ,[::1]:9002/;cluster=prod");

        assertThat(url.gateways())
                .containsExactly(
                        new SluiceUrl.Gateway("gw1", 9000),
                        new SluiceUrl.Gateway("gw2", 8765),
                        new SluiceUrl.Gateway("::1", 9002));
        assertThat(url.properties()).containsExactly(Map.entry("cluster", "prod"));
        assertThat(url.withoutSecrets()).isEqualTo("jdbc:sluice://gw1:9000,gw2:8765,[::1]:9002;cluster=prod");
        assertThat(url.at(url.gateways().get(1)).httpAddress()).isEqualTo("http://gw2:8765");
    }

    @Test
    void refusesAnEmptyGatewayInAList() {
        assertThatThrownBy(() -> SluiceUrl.parse("jdbc:sluice://gw1:9000,,gw2"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("the host is missing");
    }
}
