package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.remote.Service;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * The rows of one result, read frame by frame with the next frame on its way while the application reads the current
 * one: at most two frames are held, the one being read and the one fetched ahead.
 *
 * <p>Closing (the result set or its statement, from any thread) does not wait for a fetch on its way: a thread waiting
 * for that frame fails at once with SQLState 24000, and the frame is dropped when it arrives. Closing the statement
 * then tells the gateway, which cancels the job.
 */
final class PrefetchingRows implements Iterable<Object> {
    /** Fetches ahead: a thread per result that has a fetch on its way, none while all are read or idle. */
    private static final ExecutorService FETCHES = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "sluice-jdbc-fetch-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    });

    /** Fetches the frame of the result that starts at {@code offset}, of at most {@code rows} rows (0: any). */
    @FunctionalInterface
    interface Fetcher {
        Meta.Frame fetch(long offset, int rows) throws NoSuchStatementException, MissingResultsException;
    }

    private final Fetcher fetcher;
    private final Meta.Frame first;
    private final int fetchSize;

    PrefetchingRows(Fetcher fetcher, Meta.Frame first, int fetchSize) {
        this.fetcher = requireNonNull(fetcher, "fetcher is null");
        this.first = requireNonNull(first, "first is null");
        this.fetchSize = fetchSize;
    }

    @Override
    public Iterator<Object> iterator() {
        return new Rows();
    }

    private final class Rows implements Iterator<Object>, AutoCloseable {
        private Meta.Frame frame = first;
        private Iterator<Object> rows = List.<Object>of().iterator();
        private long nextOffset = first.offset;
        private volatile @Nullable CompletableFuture<Meta.Frame> ahead;
        private volatile boolean closed;

        Rows() {
            take(first);
        }

        @Override
        public boolean hasNext() {
            while (!rows.hasNext()) {
                if (frame.done || closed) {
                    return false;
                }
                take(awaitAhead());
            }
            return true;
        }

        @Override
        public Object next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return rows.next();
        }

        /** Reads {@code next} from now on, and fetches the frame after it unless it is the last. */
        private void take(Meta.Frame next) {
            List<Object> taken = list(next.rows);
            frame = next;
            rows = taken.iterator();
            nextOffset += taken.size();
            fetchAhead();
        }

        private void fetchAhead() {
            if (frame.done || closed) {
                ahead = null;
                return;
            }
            long offset = nextOffset;
            ahead = CompletableFuture.supplyAsync(() -> fetch(offset), FETCHES);
        }

        private Meta.Frame fetch(long offset) {
            try {
                return fetcher.fetch(offset, fetchSize);
            } catch (NoSuchStatementException | MissingResultsException e) {
                throw new AvaticaClientRuntimeException(
                        "The gateway no longer holds this result (the statement was closed)",
                        0,
                        SqlStates.INVALID_CURSOR_STATE,
                        AvaticaSeverity.ERROR,
                        List.of(),
                        (Service.RpcMetadataResponse) null);
            }
        }

        private Meta.Frame awaitAhead() {
            CompletableFuture<Meta.Frame> pending = requireNonNull(ahead, "ahead");
            try {
                return pending.join();
            } catch (CancellationException e) {
                throw closedWhileWaiting();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure;
                }
                throw e;
            }
        }

        /** Drops the frame fetched ahead, without waiting for it; a thread waiting for it fails at once. */
        @Override
        public void close() {
            closed = true;
            CompletableFuture<Meta.Frame> pending = ahead;
            if (pending != null) {
                pending.cancel(false);
            }
        }
    }

    private static AvaticaClientRuntimeException closedWhileWaiting() {
        return new AvaticaClientRuntimeException(
                "The result set was closed while it waited for rows",
                0,
                SqlStates.INVALID_CURSOR_STATE,
                AvaticaSeverity.ERROR,
                List.of(),
                (Service.RpcMetadataResponse) null);
    }

    private static List<Object> list(@Nullable Iterable<Object> rows) {
        if (rows == null) {
            return List.of();
        }
        if (rows instanceof List<Object> list) {
            return list;
        }
        List<Object> copy = new ArrayList<>();
        rows.forEach(copy::add);
        return copy;
    }
}
