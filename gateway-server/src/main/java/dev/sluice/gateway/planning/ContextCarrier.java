package dev.sluice.gateway.planning;

/**
 * What a request thread's context carries to the worker that plans for it: the thread-local state the request's
 * handling set (its user, the request whose client may go away), so that code on the worker sees what it would have
 * seen on the request thread.
 */
@FunctionalInterface
public interface ContextCarrier {
    /** Carries nothing: for callers whose threads hold no request (tests, the warm-up). */
    ContextCarrier NONE = task -> task;

    /** Called on the request thread: {@code task}, to run on a worker with this thread's context. */
    Runnable carry(Runnable task);
}
