package dev.sluice.gateway.avatica;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One Avatica request while the gateway handles it, and whether its client is still there to take the answer: a client
 * that closes its connection before the answer (killed, or given up) has abandoned the request, and what the request
 * started for it (a statement's job, its wait for a place on the cluster) is cancelled rather than left to its
 * timeouts.
 *
 * <p>Avatica's {@code Meta} calls carry no per-request context, and its handler runs a request on the calling
 * thread, so the request is the current thread's while it is handled ({@link #callOnThisThread}), and that of the
 * worker its statement plans on ({@link #carrying}).
 */
public final class InFlightRequest {
    private static final Logger LOG = LoggerFactory.getLogger(InFlightRequest.class);
    private static final ThreadLocal<InFlightRequest> CURRENT = new ThreadLocal<>();
    private static final Registration NONE = () -> {};

    private final List<Runnable> whenGone = new ArrayList<>();
    private boolean gone;

    /** Runs {@code call} with this request as the current thread's. */
    public <T> T callOnThisThread(Supplier<T> call) {
        InFlightRequest previous = CURRENT.get();
        CURRENT.set(this);
        try {
            return call.get();
        } finally {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
    }

    /**
     * {@code task}, to run on another thread with the current thread's request as that thread's: for work a request
     * hands to a worker (its statement's planning), so that what the work registers is cancelled with the request.
     * Unchanged on a thread that handles no request.
     */
    public static Runnable carrying(Runnable task) {
        InFlightRequest request = CURRENT.get();
        if (request == null) {
            return task;
        }
        return () -> request.callOnThisThread(() -> {
            task.run();
            return null;
        });
    }

    /**
     * Runs {@code action} if the current thread's request is abandoned before the registration is closed; at once if
     * it already is. Does nothing on a thread that handles no request (a test calling the {@code Meta} directly).
     */
    static Registration whenCurrentAbandoned(Runnable action) {
        InFlightRequest request = CURRENT.get();
        return request == null ? NONE : request.whenAbandoned(action);
    }

    private Registration whenAbandoned(Runnable action) {
        synchronized (this) {
            if (!gone) {
                whenGone.add(action);
                return () -> {
                    synchronized (this) {
                        whenGone.remove(action);
                    }
                };
            }
        }
        runQuietly(action);
        return NONE;
    }

    /** The client closed its connection before the answer: what the request registered runs, once. */
    public void abandoned() {
        List<Runnable> actions;
        synchronized (this) {
            if (gone) {
                return;
            }
            gone = true;
            actions = List.copyOf(whenGone);
            whenGone.clear();
        }
        actions.forEach(InFlightRequest::runQuietly);
    }

    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.debug("Cancelling what an abandoned request started failed", e);
        }
    }

    /** An action registered for an abandoned request; closing it forgets the action. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
