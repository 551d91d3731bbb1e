package dev.sluice.gateway.security;

import dev.sluice.gateway.config.ReloadingFile;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * A password file of {@code user:bcrypt-hash} lines, the format of {@code htpasswd -B} and Trino's password file;
 * blank lines and lines starting with {@code #} are ignored.
 *
 * <p>The file is read again when it changed ({@link ReloadingFile}), so that adding or removing a user needs no
 * restart; a file that no longer parses keeps the users read before, with a warning, rather than locking every user
 * out.
 */
final class PasswordFile {
    // $2a$, $2b$ or $2y$, a two-digit cost, 22 characters of salt and 31 of hash in bcrypt's base 64
    private static final Pattern BCRYPT = Pattern.compile("\\$2[aby]\\$\\d\\d\\$[./A-Za-z0-9]{53}");

    private final ReloadingFile<Map<String, String>> file;

    /**
     * Reads {@code path}.
     *
     * @throws IllegalArgumentException if it cannot be read or a line is not {@code user:bcrypt-hash}
     */
    PasswordFile(Path path, Duration refreshInterval, LongSupplier nanoTime) {
        requireNonNull(path, "path is null");
        this.file = new ReloadingFile<>(
                "the password file", path, refreshInterval, nanoTime, content -> parse(path, content));
    }

    /** The bcrypt hash of {@code user}'s password, or null if the file has no such user. */
    @Nullable
    String hashOf(String user) {
        return file.current().get(user);
    }

    /** The hash of some user, whose cost a check for an unknown user matches; null if the file has no users. */
    @Nullable
    String anyHash() {
        return file.current().values().stream().findFirst().orElse(null);
    }

    private static Map<String, String> parse(Path path, byte[] content) {
        List<String> lines = new String(content, StandardCharsets.UTF_8).lines().toList();
        Map<String, String> hashes = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            // the line's content is never quoted: it holds a password hash
            if (colon <= 0 || !BCRYPT.matcher(line.substring(colon + 1)).matches()) {
                throw new IllegalArgumentException("Line " + (i + 1) + " of the password file " + path
                        + " is not user:bcrypt-hash (a $2a$, $2b$ or $2y$ hash, as htpasswd -B writes)");
            }
            if (hashes.putIfAbsent(line.substring(0, colon), line.substring(colon + 1)) != null) {
                throw new IllegalArgumentException(
                        "Line " + (i + 1) + " of the password file " + path + " repeats a user of an earlier line");
            }
        }
        return Map.copyOf(hashes);
    }
}
