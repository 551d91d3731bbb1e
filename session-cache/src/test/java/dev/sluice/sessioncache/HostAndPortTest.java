package dev.sluice.sessioncache;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class HostAndPortTest {
    private static final String KEY = "sluice.cluster.prod.rest-address";

    static Stream<Arguments> validAddresses() {
        return Stream.of(
                arguments("localhost:8081", "localhost", 8081),
                arguments("jobmanager.example.com:1", "jobmanager.example.com", 1),
                arguments("10.0.0.7:65535", "10.0.0.7", 65535),
                arguments("[::1]:8081", "::1", 8081),
                arguments("flink_jobmanager-1:8081", "flink_jobmanager-1", 8081),
                arguments("[fe80::1%eth0]:8081", "fe80::1%eth0", 8081),
                arguments("[2001:db8::7]:443", "2001:db8::7", 443));
    }

    @ParameterizedTest
    @MethodSource("validAddresses")
    void parsesHostAndPort(String value, String host, int port) {
        assertThat(HostAndPort.parse(KEY, value)).isEqualTo(new HostAndPort(host, port));
    }

    static Stream<Arguments> invalidAddresses() {
        return Stream.of(
                arguments("localhost", "must be host:port"),
                arguments("", "must be host:port"),
                arguments("localhost:", "must be host:port"),
                arguments(":8081", "must be host:port"),
                arguments("localhost:http", "must be host:port with a numeric port"),
                arguments("localhost:80 81", "must be host:port with a numeric port"),
                arguments("localhost:0", "must be host:port with a port between 1 and 65535"),
                arguments("localhost:65536", "must be host:port with a port between 1 and 65535"),
                arguments("localhost:-1", "must be host:port with a port between 1 and 65535"),
                arguments("jm:8081:9", "must be host:port with a host name or address (an IPv6 address in brackets)"),
                arguments("::1:8081", "must be host:port with a host name or address (an IPv6 address in brackets)"),
                arguments(
                        "zk1:2181;zk2:2181",
                        "must be host:port with a host name or address (an IPv6 address in brackets)"),
                arguments("j m:8081", "must be host:port with a host name or address (an IPv6 address in brackets)"),
                arguments("[jm]:8081", "must be host:port with a host name or address (an IPv6 address in brackets)"),
                arguments("[]:8081", "must be host:port with a host"));
    }

    @ParameterizedTest
    @MethodSource("invalidAddresses")
    void rejectsInvalidAddress(String value, String problem) {
        assertThatThrownBy(() -> HostAndPort.parse(KEY, value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(KEY + " " + problem + ", was '" + value + "'");
    }

    @Test
    void keepsTheCauseOfANonNumericPort() {
        assertThatThrownBy(() -> HostAndPort.parse(KEY, "localhost:http"))
                .hasCauseInstanceOf(NumberFormatException.class);
    }

    @Test
    void printsIpv6HostsInBrackets() {
        assertThat(HostAndPort.parse(KEY, "[::1]:8081")).hasToString("[::1]:8081");
        assertThat(new HostAndPort("localhost", 8081)).hasToString("localhost:8081");
    }

    @Test
    void rejectsBlankHost() {
        assertThatThrownBy(() -> new HostAndPort(" ", 8081))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("host is blank");
    }

    @Test
    void rejectsPortZero() {
        assertThatThrownBy(() -> new HostAndPort("localhost", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be between 1 and 65535, was 0");
    }

    @Test
    void rejectsPortAboveRange() {
        assertThatThrownBy(() -> new HostAndPort("localhost", 65536))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be between 1 and 65535, was 65536");
    }
}
