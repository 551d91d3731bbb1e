package dev.sluice.gateway;

import dev.sluice.gateway.config.InvalidConfigurationException;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Each mistake an operator makes in sluice.yaml gets one problem that says what would be right. */
final class ConfigurationErrorsTest {
    static Stream<Arguments> mistakes() {
        return Stream.of(
                arguments(
                        Map.of("sluice.clusters", "local", "sluice.cluster.local.type", "REMOT"),
                        "sluice.cluster.local.type must be one of EMBEDDED, REMOTE, ZOOKEEPER, was 'REMOT'"),
                arguments(
                        Map.of("sluice.security.ssl.provider", "BORINGSSL"),
                        "sluice.security.ssl.provider must be one of AUTO, OPENSSL, JDK, was 'BORINGSSL'"),
                arguments(
                        Map.of("sluice.server.port", "http"), "sluice.server.port must be a whole number, was 'http'"),
                arguments(
                        Map.of("sluice.session.idle-timeout", "soon"),
                        "sluice.session.idle-timeout must be a duration such as 500 ms, 30 s or 5 min, was 'soon'"),
                arguments(
                        Map.of("sluice.server.max-request-size", "big"),
                        "sluice.server.max-request-size must be a size such as 512 kb, 16 mb or 1 gb, was 'big'"),
                arguments(
                        Map.of("sluice.plan-cache.enabled", "yes please"),
                        "sluice.plan-cache.enabled must be true or false, was 'yes please'"),
                // a key indented one level too high keeps its last part, which finds the key it meant
                arguments(
                        Map.of("sluice.host", "0.0.0.0"),
                        "Unknown option sluice.host; did you mean sluice.server.host?"),
                arguments(
                        Map.of("sluice.idle-timeout", "1 min"),
                        "Unknown option sluice.idle-timeout; did you mean sluice.server.idle-timeout?"),
                arguments(
                        Map.of("collect-strategy.typ", "fixed-delay"),
                        "Unknown option collect-strategy.typ; did you mean collect-strategy.type?"),
                arguments(
                        Map.of("collect-strategy.fixed-delay.dely", "5 ms"),
                        "Unknown option collect-strategy.fixed-delay.dely; did you mean"
                                + " collect-strategy.fixed-delay.delay?"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void reportsOneProblemThatSaysWhatIsAllowed(Map<String, String> options, String problem) {
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(options)))
                .isInstanceOfSatisfying(
                        InvalidConfigurationException.class,
                        e -> assertThat(e.problems()).containsExactly(problem));
    }
}
