package dev.sluice.gateway.testing;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * Users of a test gateway with password authentication: a password file of {@code user:bcrypt-hash} lines, as
 * {@code htpasswd -B} writes, where each user's password is {@link #password(String)}.
 */
public final class PasswordUsers {
    private PasswordUsers() {}

    /** Writes {@code users.htpasswd} in {@code directory} for {@code users}, at bcrypt's lowest cost (tests only). */
    public static Path write(Path directory, String... users) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (String user : users) {
            byte[] salt = new byte[16];
            new SecureRandom().nextBytes(salt);
            lines.append(user)
                    .append(':')
                    .append(OpenBSDBCrypt.generate("2y", password(user).toCharArray(), salt, 4))
                    .append('\n');
        }
        return Files.writeString(directory.resolve("users.htpasswd"), lines.toString());
    }

    /** The password of {@code user} in a file {@link #write} wrote. */
    public static String password(String user) {
        return user + "-secret";
    }
}
