package dev.sluice.gateway.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class GatewayAuthenticatorTest {
    @TempDir
    Path directory;

    @Test
    void makesEveryRequestAnonymousWithoutMethods() {
        GatewayAuthenticator none = GatewayAuthenticator.none();

        assertThat(none.enabled()).isFalse();
        assertThat(none.authenticate(new RequestCredentials("Basic bm9ib2R5Og==", null)))
                .isEqualTo(GatewayUser.ANONYMOUS);
    }

    @Test
    void refusesARequestWithoutCredentialsAndCountsItByMethod() throws IOException {
        GatewayAuthenticator passwords = passwords();

        assertThatThrownBy(() -> passwords.authenticate(RequestCredentials.NONE))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageStartingWith("Authentication failed (none): the request carries no credentials the gateway"
                        + " accepts; it accepts [password]");
        assertThatThrownBy(() -> passwords.authenticate(new RequestCredentials("Bearer abc.def.ghi", null)))
                .isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> passwords.authenticate(
                        new RequestCredentials("Basic " + PasswordAuthenticatorTest.basic("alice", "x"), null)))
                .isInstanceOf(AuthenticationException.class);

        assertThat(passwords.failures().snapshot()).isEqualTo(Map.of("none", 2L, "password", 1L));
    }

    @Test
    void acceptsTheSchemeNameInAnyCase() throws IOException {
        GatewayAuthenticator passwords = passwords();

        assertThat(passwords.authenticate(
                        new RequestCredentials("basic " + PasswordAuthenticatorTest.basic("alice", "secret"), null)))
                .isEqualTo(new GatewayUser("alice"));
        assertThat(passwords.failures().snapshot()).isEmpty();
    }

    private GatewayAuthenticator passwords() throws IOException {
        Path file = directory.resolve("users");
        Files.writeString(file, "alice:" + PasswordAuthenticatorTest.hash("$2b$", "secret") + "\n");
        return new GatewayAuthenticator(
                new AuthenticationConfig(
                        List.of(AuthenticationMethod.PASSWORD), file, Duration.ofSeconds(5), null, false, null),
                System::nanoTime);
    }
}
