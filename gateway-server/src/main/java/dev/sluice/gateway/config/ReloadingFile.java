package dev.sluice.gateway.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * A file the gateway reads at start and again when its content changed, looked at no more often than the refresh
 * interval, so that it can be edited without a restart (the password file, the JWT keys, the authorization rules). A
 * file that no longer parses or cannot be read keeps what was read before, with a warning, rather than locking every
 * user out or letting every user in.
 *
 * @param <T> what the file holds, once parsed
 */
public final class ReloadingFile<T> {
    private static final Logger LOG = LoggerFactory.getLogger(ReloadingFile.class);

    private final String description;
    private final Path path;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private final Function<byte[], T> parser;
    private volatile Snapshot<T> snapshot;

    /**
     * Reads {@code path} now.
     *
     * @param description what the file is, for messages ("the password file")
     * @param parser parses the file's bytes; throws {@link IllegalArgumentException} saying what is wrong where
     * @throws IllegalArgumentException if the file cannot be read or does not parse
     */
    public ReloadingFile(
            String description,
            Path path,
            Duration refreshInterval,
            LongSupplier nanoTime,
            Function<byte[], T> parser) {
        this.description = requireNonNull(description, "description is null");
        this.path = requireNonNull(path, "path is null");
        this.refreshNanos =
                requireNonNull(refreshInterval, "refreshInterval is null").toNanos();
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
        this.parser = requireNonNull(parser, "parser is null");
        byte[] content;
        try {
            content = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read " + description + " " + path + ": " + e, e);
        }
        this.snapshot = new Snapshot<>(parser.apply(content), content, nanoTime.getAsLong());
    }

    /** What the file holds now: read again first if the refresh interval has passed and its content changed. */
    public T current() {
        Snapshot<T> seen = snapshot;
        long now = nanoTime.getAsLong();
        if (now - seen.checkedNanos() < refreshNanos) {
            return seen.value();
        }
        synchronized (this) {
            if (snapshot != seen) {
                return snapshot.value();
            }
            try {
                byte[] content = Files.readAllBytes(path);
                if (Arrays.equals(content, seen.content())) {
                    snapshot = new Snapshot<>(seen.value(), seen.content(), now);
                } else {
                    snapshot = new Snapshot<>(parser.apply(content), content, now);
                    LOG.info("{} {} reloaded", capitalized(description), path);
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn(
                        "{} {} could not be reloaded; keeping what was read before: {}",
                        capitalized(description),
                        path,
                        e.getMessage());
                snapshot = new Snapshot<>(seen.value(), seen.content(), now);
            }
            return snapshot.value();
        }
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private record Snapshot<T>(T value, byte[] content, long checkedNanos) {}
}
