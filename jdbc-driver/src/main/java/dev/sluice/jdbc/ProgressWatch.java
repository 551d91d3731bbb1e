package dev.sluice.jdbc;

import dev.sluice.jdbc.transport.StatementProgressRequests;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * The progress listener of one statement or connection, and the polls that feed it while an {@code execute} call
 * waits. A statement's watch falls back to its connection's listener.
 *
 * <p>Polls run on one daemon thread for the whole JVM, so that an application that forgets a listener can still exit;
 * a poll that fails is skipped (the statement's own call reports what is wrong with the gateway).
 */
final class ProgressWatch implements SluiceStatement, SluiceConnection {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressWatch.class);
    private static final Duration MIN_INTERVAL = Duration.ofMillis(10);
    private static final ScheduledExecutorService POLLS = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "sluice-jdbc-progress");
        thread.setDaemon(true);
        return thread;
    });

    private final @Nullable ProgressWatch connection;
    private volatile @Nullable Setting setting;

    /** @param connection the watch of the statement's connection; null for a connection's own */
    ProgressWatch(@Nullable ProgressWatch connection) {
        this.connection = connection;
    }

    @Override
    public void setProgressListener(@Nullable ProgressListener listener, Duration interval) {
        requireNonNull(interval, "interval is null");
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            throw new IllegalArgumentException("The progress interval must be at least " + MIN_INTERVAL.toMillis()
                    + " ms, was " + interval.toMillis() + " ms");
        }
        setting = listener == null ? null : new Setting(listener, interval);
    }

    /**
     * Starts polling the progress of statement {@code statementId} if a listener is set here or on the connection;
     * closing the returned watch stops the polls and tells the listener that the call ended.
     */
    Watching start(int statementId, StatementProgressRequests requests) {
        Setting current = setting;
        if (current == null && connection != null) {
            current = connection.setting;
        }
        return current == null ? Watching.NONE : new Polling(current, statementId, requests);
    }

    private record Setting(ProgressListener listener, Duration interval) {}

    /** The polls of one {@code execute} call. */
    interface Watching extends AutoCloseable {
        Watching NONE = () -> {};

        @Override
        void close();
    }

    private static final class Polling implements Watching {
        private final Setting setting;
        private final int statementId;
        private final StatementProgressRequests requests;
        private final ScheduledFuture<?> polls;
        // guarded by this: no progress is told after the call ended
        private boolean ended;

        Polling(Setting setting, int statementId, StatementProgressRequests requests) {
            this.setting = setting;
            this.statementId = statementId;
            this.requests = requests;
            long intervalNanos = setting.interval().toNanos();
            this.polls = POLLS.scheduleWithFixedDelay(this::poll, intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
        }

        private void poll() {
            try {
                Optional<QueryProgress> progress = requests.fetch(statementId).flatMap(json -> {
                    try {
                        return QueryProgress.fromJson(json);
                    } catch (java.io.IOException e) {
                        LOG.debug("The gateway's progress of statement {} is not readable: {}", statementId, json, e);
                        return Optional.empty();
                    }
                });
                if (progress.isPresent()) {
                    synchronized (this) {
                        if (!ended) {
                            setting.listener().progress(progress.get());
                        }
                    }
                }
            } catch (Exception e) { // a failed poll is skipped; the statement's own call says what went wrong
                LOG.debug("Polling the progress of statement {} failed", statementId, e);
            }
        }

        @Override
        public void close() {
            polls.cancel(false);
            synchronized (this) {
                if (ended) {
                    return;
                }
                ended = true;
            }
            try {
                setting.listener().executeEnded();
            } catch (RuntimeException e) {
                LOG.debug("The progress listener of statement {} failed at its end", statementId, e);
            }
        }
    }
}
