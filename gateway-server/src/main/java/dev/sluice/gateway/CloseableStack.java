package dev.sluice.gateway;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;

import static java.util.Objects.requireNonNull;

/**
 * The components of a gateway in the order they started. Each registers its own close as soon as it is running, so
 * a failed start and a stop both unwind exactly what started, newest first.
 *
 * <p>Not thread-safe: the gateway starts on one thread and is closed once.
 */
public final class CloseableStack implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CloseableStack.class);

    private final Deque<Entry> entries = new ArrayDeque<>();

    /** Pushes {@code resource}, which is closed before everything pushed earlier; returns it. */
    public <T extends AutoCloseable> T push(String name, T resource) {
        entries.push(new Entry(requireNonNull(name, "name is null"), requireNonNull(resource, "resource is null")));
        return resource;
    }

    /**
     * Closes every resource, newest first, even when one fails; the first failure is thrown with the later ones
     * suppressed in it.
     */
    @Override
    public void close() throws Exception {
        Exception failure = null;
        while (!entries.isEmpty()) {
            Entry entry = entries.pop();
            try {
                entry.resource().close();
            } catch (Exception e) {
                LOG.debug("Closing {} failed", entry.name(), e);
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Unwinds after a failed start: every close failure is kept as suppressed in {@code startFailure}, which stays
     * the exception the caller sees.
     */
    void closeAfter(Throwable startFailure) {
        try {
            close();
        } catch (Exception e) {
            startFailure.addSuppressed(e); // later close failures are suppressed in e
        }
    }

    private record Entry(String name, AutoCloseable resource) {}
}
