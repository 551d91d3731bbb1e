package dev.sluice.gateway.security;

import dev.sluice.planner.UserCodeStatement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class UserCodePolicyTest {
    private final UserCodePolicy policy = new UserCodePolicy(
            new UserCodeConfig(List.of(Path.of("/opt/udfs")), List.of("https://repo.example/jars/")));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/opt/udfs/f.jar",
                "/opt/udfs/team/f.jar",
                "/opt/udfs/../udfs/f.jar",
                "file:///opt/udfs/f.jar",
                "https://repo.example/jars/f.jar"
            })
    void allowsJarsUnderAnAllowedLocation(String location) {
        assertThat(policy.allows(location)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/opt/udfs-evil/f.jar",
                "/opt/udfs/../../etc/f.jar",
                "/tmp/f.jar",
                "udfs/f.jar",
                "file:///tmp/f.jar",
                "file:/opt/udfs/../../tmp/f.jar",
                "https://repo.example/jars/../other/f.jar",
                "https://repo.example/jars/%2e%2e/other/f.jar",
                "https://repo.example/jarsevil/f.jar",
                "http://repo.example/jars/f.jar",
                "hdfs:///opt/udfs/f.jar",
                ""
            })
    void refusesJarsElsewhere(String location) {
        assertThat(policy.allows(location)).isFalse();
    }

    @Test
    void refusesAStatementWhenAnyOfItsJarsIsElsewhere() {
        assertThatThrownBy(() -> policy.check(
                        new UserCodeStatement("CREATE FUNCTION", List.of("/opt/udfs/a.jar", "/tmp/b.jar"))))
                .isInstanceOf(UserCodeNotAllowedException.class)
                .hasMessage("CREATE FUNCTION is refused: code from a jar runs inside the gateway, so jars may only"
                        + " come from the locations that sluice.security.user-code.allowed-locations allows");
    }

    @Test
    void refusesAStatementWhoseJarCannotBeRead() {
        assertThatThrownBy(() -> policy.check(new UserCodeStatement("ADD JAR", List.of())))
                .isInstanceOf(UserCodeNotAllowedException.class);
    }

    @Test
    void refusesEverythingByDefault() {
        assertThatThrownBy(
                        () -> UserCodePolicy.NONE.check(new UserCodeStatement("ADD JAR", List.of("/opt/udfs/f.jar"))))
                .isInstanceOf(UserCodeNotAllowedException.class);
    }

    @Test
    void refusesSessionOptionsThatPutJarsOutsideTheAllowedLocationsOnTheClassPath() {
        assertThatThrownBy(() -> policy.checkOption("pipeline.jars", "file:///opt/udfs/a.jar;file:///tmp/b.jar"))
                .isInstanceOf(UserCodeNotAllowedException.class)
                .hasMessageStartingWith("Setting pipeline.jars is refused");
        assertThatThrownBy(() -> policy.checkOption("pipeline.classpaths", "file:///tmp/"))
                .isInstanceOf(UserCodeNotAllowedException.class);
        policy.checkOption("pipeline.jars", "file:///opt/udfs/a.jar; https://repo.example/jars/b.jar");
        policy.checkOption("pipeline.name", "/tmp/anything.jar");
    }

    @Test
    void allowsAStatementWhoseJarsAreAllAllowed() {
        policy.check(new UserCodeStatement("ADD JAR", List.of("/opt/udfs/f.jar")));
    }
}
