package dev.sluice.gateway.security;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PasswordAuthenticatorTest {
    private final AtomicLong nanos = new AtomicLong();

    @TempDir
    Path directory;

    @Test
    void acceptsTheRightPasswordAgainAndAgain() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2y$", "secret"));

        assertThat(passwords.authenticate(basic("alice", "secret"))).isEqualTo(new GatewayUser("alice"));
        assertThat(passwords.authenticate(basic("alice", "secret"))).isEqualTo(new GatewayUser("alice"));
    }

    @Test
    void refusesAWrongPasswordAndAnUnknownUserWithTheSameMessage() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2b$", "secret"));

        assertThatThrownBy(() -> passwords.authenticate(basic("alice", "guess")))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("Authentication failed (password): wrong user name or password");
        assertThatThrownBy(() -> passwords.authenticate(basic("nobody", "secret")))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("Authentication failed (password): wrong user name or password");
    }

    @Test
    void refusesAPasswordRememberedOnceTheFileChangesTheHash() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2b$", "old"));
        passwords.authenticate(basic("alice", "old"));

        rewrite("alice:" + hash("$2b$", "new"));
        nanos.addAndGet(Duration.ofSeconds(6).toNanos());

        assertThatThrownBy(() -> passwords.authenticate(basic("alice", "old")))
                .isInstanceOf(AuthenticationException.class);
        assertThat(passwords.authenticate(basic("alice", "new"))).isEqualTo(new GatewayUser("alice"));
    }

    @Test
    void readsTheFileAgainOnlyAfterTheRefreshInterval() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2b$", "secret"));

        rewrite("alice:" + hash("$2b$", "secret") + "\nbob:" + hash("$2b$", "hunter2"));
        assertThatThrownBy(() -> passwords.authenticate(basic("bob", "hunter2")))
                .isInstanceOf(AuthenticationException.class);

        nanos.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(passwords.authenticate(basic("bob", "hunter2"))).isEqualTo(new GatewayUser("bob"));
    }

    @Test
    void keepsTheUsersItHadWhenTheFileNoLongerParses() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2b$", "secret"));

        rewrite("alice:not-a-bcrypt-hash");
        nanos.addAndGet(Duration.ofSeconds(6).toNanos());

        assertThat(passwords.authenticate(basic("alice", "secret"))).isEqualTo(new GatewayUser("alice"));
    }

    @Test
    void refusesMalformedBasicCredentials() throws IOException {
        PasswordAuthenticator passwords = authenticator("alice:" + hash("$2b$", "secret"));

        assertThatThrownBy(() -> passwords.authenticate("%%%"))
                .hasMessage("Authentication failed (password): the Basic credentials are not base 64");
        assertThatThrownBy(() -> passwords.authenticate(
                        Base64.getEncoder().encodeToString("alice".getBytes(StandardCharsets.UTF_8))))
                .hasMessage("Authentication failed (password): the Basic credentials are not user:password");
    }

    @Test
    void refusesAFileWithAMalformedLineWithoutQuotingIt() throws IOException {
        Path file = directory.resolve("users");
        Files.writeString(file, "# users\n\nalice:" + hash("$2b$", "s") + "\nbob:$1$plain-md5\n");

        assertThatThrownBy(() -> new PasswordFile(file, Duration.ofSeconds(5), nanos::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Line 4 of the password file " + file
                        + " is not user:bcrypt-hash (a $2a$, $2b$ or $2y$ hash, as htpasswd -B writes)");
    }

    private PasswordAuthenticator authenticator(String lines) throws IOException {
        Path file = directory.resolve("users");
        Files.writeString(file, lines + "\n");
        return new PasswordAuthenticator(new PasswordFile(file, Duration.ofSeconds(5), nanos::get));
    }

    private void rewrite(String lines) throws IOException {
        Path file = directory.resolve("users");
        Files.writeString(file, lines + "\n");
        // a new modification time even within the file system's time resolution
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(60)));
    }

    /** A bcrypt hash at cost 4 (the lowest, for quick tests) with the given version prefix. */
    static String hash(String version, String password) {
        String hash = OpenBSDBCrypt.generate(password.toCharArray(), new byte[16], 4);
        return version + hash.substring(4);
    }

    static String basic(String user, String password) {
        return Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
