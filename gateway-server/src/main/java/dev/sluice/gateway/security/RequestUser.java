package dev.sluice.gateway.security;

import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The user of the request being handled on the current thread.
 *
 * <p>Avatica's {@code Meta} calls carry no per-request context, and Avatica's handler runs a request synchronously on
 * the thread that called it; so the HTTP layer sets the user around the call and the {@code Meta} reads it here.
 * One instance is shared by the two; its thread-local is not static, so gateways in one JVM do not see each other's.
 */
public final class RequestUser {
    private final ThreadLocal<GatewayUser> current = new ThreadLocal<>();

    /** Runs {@code call} with {@code user} as the current thread's user. */
    public <T> T callAs(GatewayUser user, Supplier<T> call) {
        requireNonNull(user, "user is null");
        GatewayUser previous = current.get();
        current.set(user);
        try {
            return call.get();
        } finally {
            if (previous == null) {
                current.remove();
            } else {
                current.set(previous);
            }
        }
    }

    /**
     * {@code task}, to run on another thread as the current thread's user: for work a request hands to a worker (its
     * statement's planning). Unchanged on a thread without a user.
     */
    public Runnable carrying(Runnable task) {
        requireNonNull(task, "task is null");
        GatewayUser user = current.get();
        if (user == null) {
            return task;
        }
        return () -> callAs(user, () -> {
            task.run();
            return null;
        });
    }

    /**
     * The current thread's user.
     *
     * @throws IllegalStateException outside {@link #callAs}: a request that reached a session without being
     *     authenticated is a bug, and must not fall back to some user
     */
    public GatewayUser require() {
        GatewayUser user = current.get();
        if (user == null) {
            throw new IllegalStateException(
                    "No authenticated user on thread " + Thread.currentThread().getName());
        }
        return user;
    }
}
