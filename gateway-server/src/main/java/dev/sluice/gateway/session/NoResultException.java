package dev.sluice.gateway.session;

/** A fetch on a statement that has no open result, or at an offset that does not continue it. */
public final class NoResultException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoResultException(String message) {
        super(message);
    }
}
