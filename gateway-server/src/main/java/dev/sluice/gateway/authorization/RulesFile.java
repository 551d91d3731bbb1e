package dev.sluice.gateway.authorization;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The rules file, read again when its modification time or size changed, looked at no more often than the refresh
 * interval, so that a rule changes without a restart. A file that no longer parses keeps the rules read before, with
 * a warning, rather than locking every user out or letting every user in.
 */
final class RulesFile {
    private static final Logger LOG = LoggerFactory.getLogger(RulesFile.class);

    private final Path path;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private volatile Snapshot snapshot;

    /** @throws IllegalArgumentException if the file cannot be read or its rules do not parse */
    RulesFile(Path path, Duration refreshInterval, LongSupplier nanoTime) {
        this.path = requireNonNull(path, "path is null");
        this.refreshNanos =
                requireNonNull(refreshInterval, "refreshInterval is null").toNanos();
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
        try {
            this.snapshot = read(path, nanoTime.getAsLong());
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("Cannot read the rules file " + path + ": " + e.getCause(), e);
        }
    }

    AccessRules rules() {
        Snapshot seen = snapshot;
        long now = nanoTime.getAsLong();
        if (now - seen.checkedNanos < refreshNanos) {
            return seen.rules;
        }
        synchronized (this) {
            if (snapshot != seen) {
                return snapshot.rules;
            }
            try {
                FileStamp stamp = FileStamp.of(path);
                snapshot = stamp.equals(seen.stamp) ? seen.checkedAt(now) : read(path, now);
                if (!stamp.equals(seen.stamp)) {
                    LOG.info(
                            "Rules file {} reloaded: {} table rules",
                            path,
                            snapshot.rules.tables().size());
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                LOG.warn("Rules file {} could not be reloaded; keeping its previous rules: {}", path, e.getMessage());
                snapshot = seen.checkedAt(now);
            }
            return snapshot.rules;
        }
    }

    private static Snapshot read(Path path, long now) {
        FileStamp stamp = FileStamp.of(path);
        try {
            String text = Files.readString(path, StandardCharsets.UTF_8);
            return new Snapshot(AccessRules.parse(text, "The rules file " + path), stamp, now);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Snapshot(AccessRules rules, FileStamp stamp, long checkedNanos) {
        Snapshot checkedAt(long now) {
            return new Snapshot(rules, stamp, now);
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
