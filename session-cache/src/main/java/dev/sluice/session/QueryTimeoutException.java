package dev.sluice.session;

/**
 * A query ended on the cluster because its rows did not come in time: its {@code sluice.query.timeout} passed or the
 * collect strategy's attempts ran out. The job has been cancelled. SQLState {@code HYT00}.
 */
public final class QueryTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QueryTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
