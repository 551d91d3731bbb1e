package dev.sluice.bench.perf;

import java.util.Locale;

/** How a query kind of a workload sends its parameter values. */
public enum QueryMode {
    /** Written into the statement's text as SQL literals: a new text each time, as a BI tool without binds sends. */
    LITERAL,
    /** A {@code PreparedStatement} prepared once per connection, the values bound for each execution. */
    PREPARED;

    /** The name on the command line and in reports: {@code literal} or {@code prepared}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
