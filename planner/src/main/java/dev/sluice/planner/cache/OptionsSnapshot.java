package dev.sluice.planner.cache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;

import java.util.function.Predicate;

import static java.util.Objects.requireNonNull;

/**
 * A session's options at one moment, to be compared with another moment's: the key of a cached plan, or of queries
 * that may share a job.
 *
 * <p>The snapshot keeps Flink's own values (a {@code Duration}, an enum, a string) rather than their text. Turning
 * every option into text ({@code Configuration.toMap()}) was a tenth of the gateway's request thread per query, and
 * it ran twice per query. Two snapshots are equal only if they hold the same keys with equal values; a value that
 * came in as text in one and typed in the other compares unequal, which costs a plan or a shared job, never a wrong
 * match.
 */
public final class OptionsSnapshot {
    private final Configuration options; // a private copy, never handed out or changed
    private final int hash;

    private OptionsSnapshot(Configuration options) {
        this.options = options;
        this.hash = options.hashCode();
    }

    /** The options of {@code config} now. */
    public static OptionsSnapshot of(ReadableConfig config) {
        return of(config, key -> false);
    }

    /** The options of {@code config} now, except the keys {@code leftOut} matches. */
    public static OptionsSnapshot of(ReadableConfig config, Predicate<String> leftOut) {
        requireNonNull(config, "config is null");
        // copying a Configuration copies its map of values; any other ReadableConfig only gives them as text
        Configuration copy = config instanceof Configuration configuration
                ? new Configuration(configuration)
                : Configuration.fromMap(config.toMap());
        for (String key : copy.keySet()) {
            if (leftOut.test(key)) {
                copy.removeKey(key);
            }
        }
        return new OptionsSnapshot(copy);
    }

    @Override
    public boolean equals(Object other) {
        // Configuration.equals only asks whether the other holds each of this one's values, so both ways
        return this == other
                || other instanceof OptionsSnapshot snapshot
                        && hash == snapshot.hash
                        && options.equals(snapshot.options)
                        && snapshot.options.equals(options);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return options.toString();
    }
}
