package dev.sluice.gateway.statement;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * What a JDBC client set on one statement for its executions: {@code Statement.setQueryTimeout} and
 * {@code Statement.setMaxRows}. Sluice's driver sends them with {@code POST /sluice/limits}; Avatica's protocol carries
 * neither for a prepared statement, nor a timeout at all.
 *
 * @param queryTimeout how long an execution may take until its last row, after which its job is cancelled and it fails
 *     with SQLState HYT00; zero for the session's {@code sluice.query.timeout}
 * @param maxRows the most rows a result returns, after which its job is cancelled; zero for no limit
 */
public record StatementLimits(Duration queryTimeout, long maxRows) {
    /** No limits of the statement's own. */
    public static final StatementLimits NONE = new StatementLimits(Duration.ZERO, 0);

    public StatementLimits {
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (queryTimeout.isNegative()) {
            throw new IllegalArgumentException("query timeout must not be negative, was " + queryTimeout);
        }
        if (maxRows < 0) {
            throw new IllegalArgumentException("max rows must not be negative, was " + maxRows);
        }
    }

    /**
     * The rows a result may return: the smaller of this statement's limit and {@code requested} (the limit a request
     * carried, as Avatica's {@code prepareAndExecute} does), where zero or less means none.
     */
    public long maxRows(long requested) {
        if (maxRows == 0) {
            return requested;
        }
        return requested > 0 ? Math.min(requested, maxRows) : maxRows;
    }
}
