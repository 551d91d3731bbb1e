package dev.sluice.gateway.resultcache;

/** The version of a table's data cannot be told now, so no result that read it may be cached or served. */
final class UnknownVersionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnknownVersionException(String message) {
        super(message);
    }

    UnknownVersionException(String message, Throwable cause) {
        super(message, cause);
    }
}
