package dev.sluice.gateway.history;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** What the gateway keeps of the statements of closed sessions; reference: docs/configuration.md. */
public final class ClosedSessionHistoryOptions {
    public static final ConfigOption<Duration> RETENTION = key("sluice.session.history.closed-sessions.retention")
            .durationType()
            .defaultValue(Duration.ofMinutes(15))
            .withDescription("How long the finished statements of a closed session stay listed, counted from its"
                    + " close: in SHOW QUERY HISTORY of its user's other connections (with authentication on) and on"
                    + " the web page; 0 keeps none. A tool that opens a connection per operation can so be followed.");

    public static final ConfigOption<Integer> MAX_ENTRIES_PER_USER =
            key("sluice.session.history.closed-sessions.max-entries-per-user")
                    .intType()
                    .defaultValue(100)
                    .withDescription("Statements of closed sessions kept for one user at most; their oldest go first.");

    public static final ConfigOption<Integer> MAX_ENTRIES = key("sluice.session.history.closed-sessions.max-entries")
            .intType()
            .defaultValue(1000)
            .withDescription("Statements of closed sessions kept for all users together at most, each with at most"
                    + " twice sluice.session.history.max-statement-length characters of text; the oldest go first.");

    private ClosedSessionHistoryOptions() {}
}
