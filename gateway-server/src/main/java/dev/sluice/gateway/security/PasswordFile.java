package dev.sluice.gateway.security;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
 * <p>The file is read again when its modification time or size changed, looked at no more often than the refresh
 * interval, so that adding or removing a user needs no restart. A file that no longer parses keeps the users read
 * before, with a warning, rather than locking every user out.
 */
final class PasswordFile {
    private static final Logger LOG = LoggerFactory.getLogger(PasswordFile.class);
    // $2a$, $2b$ or $2y$, a two-digit cost, 22 characters of salt and 31 of hash in bcrypt's base 64
    private static final Pattern BCRYPT = Pattern.compile("\\$2[aby]\\$\\d\\d\\$[./A-Za-z0-9]{53}");

    private final Path path;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private volatile Snapshot snapshot;

    /**
     * Reads {@code path}.
     *
     * @throws IllegalArgumentException if it cannot be read or a line is not {@code user:bcrypt-hash}
     */
    PasswordFile(Path path, Duration refreshInterval, LongSupplier nanoTime) {
        this.path = requireNonNull(path, "path is null");
        this.refreshNanos =
                requireNonNull(refreshInterval, "refreshInterval is null").toNanos();
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
        try {
            this.snapshot = read(path, nanoTime.getAsLong());
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("Cannot read the password file " + path + ": " + e.getCause(), e);
        }
    }

    /** The bcrypt hash of {@code user}'s password, or null if the file has no such user. */
    @Nullable
    String hashOf(String user) {
        return current().hashes.get(user);
    }

    /** The hash of some user, whose cost a check for an unknown user matches; null if the file has no users. */
    @Nullable
    String anyHash() {
        return current().hashes.values().stream().findFirst().orElse(null);
    }

    private Snapshot current() {
        Snapshot seen = snapshot;
        long now = nanoTime.getAsLong();
        if (now - seen.checkedNanos < refreshNanos) {
            return seen;
        }
        synchronized (this) {
            if (snapshot != seen) {
                return snapshot;
            }
            try {
                FileStamp stamp = FileStamp.of(path);
                snapshot = stamp.equals(seen.stamp) ? seen.checkedAt(now) : read(path, now);
                if (!stamp.equals(seen.stamp)) {
                    LOG.info("Password file {} reloaded: {} users", path, snapshot.hashes.size());
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                LOG.warn(
                        "Password file {} could not be reloaded; keeping its previous users: {}", path, e.getMessage());
                snapshot = seen.checkedAt(now);
            }
            return snapshot;
        }
    }

    private static Snapshot read(Path path, long now) {
        FileStamp stamp = FileStamp.of(path);
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        return new Snapshot(Map.copyOf(hashes), stamp, now);
    }

    private record Snapshot(Map<String, String> hashes, FileStamp stamp, long checkedNanos) {
        Snapshot checkedAt(long now) {
            return new Snapshot(hashes, stamp, now);
        }
    }

    private record FileStamp(long modifiedMillis, long size) {
        static FileStamp of(Path path) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
                return new FileStamp(attributes.lastModifiedTime().toMillis(), attributes.size());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
