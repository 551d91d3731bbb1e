package dev.sluice.gateway.result;

import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.session.push.PushWire;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * One query's result as its sink pushes it: the consumer's side (blocking {@link #next}, end, failure, close) over
 * the frames that {@link ResultConnectionHandler} hands in from the event loop.
 *
 * <p>Memory is bounded: once {@code maxBufferedBytes} of rows wait, the connection stops reading, so TCP blocks the
 * sink; it reads again when the consumer has taken half. Rows are deserialized on the consumer's thread, never on the
 * event loop. The rules of attempts and endings are in {@link ResultAttempts}.
 *
 * <p>{@link #next}, {@link #isDone} and {@link #close} are for one consumer thread; the rest is thread-safe.
 */
public final class PushedResult<T> implements AutoCloseable {
    private final PushTicket ticket;
    private final long maxBufferedBytes;
    private final Duration lostConnectionTimeout;
    private final LongSupplier nanoClock;
    private final PushBufferStats bufferStats;
    private final Runnable unregister;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    // guarded by lock
    private final ResultAttempts attempts;

    // guarded by lock
    private final ResultFrames frames = new ResultFrames();

    // guarded by lock
    private boolean paused;
    // guarded by lock: its consumer let go of it while its job goes on for others; what arrives is dropped
    private boolean discarding;

    // written under lock on the event loop, read without it: each is one stamp, set once, for the query's phases
    private volatile @Nullable Instant endArrival;
    // nanoClock stamps, -1 until they happen
    private volatile long firstRowArrivalNanos = -1;
    private volatile long endArrivalNanos = -1;

    // consumer thread only: the frame whose rows were not all returned yet
    private final FrameRowReader<T> reader;
    private boolean done;

    PushedResult(
            PushTicket ticket,
            TypeSerializer<T> serializer,
            long maxBufferedBytes,
            Duration lostConnectionTimeout,
            LongSupplier nanoClock,
            PushBufferStats bufferStats,
            Runnable unregister) {
        this.ticket = requireNonNull(ticket, "ticket is null");
        this.maxBufferedBytes = maxBufferedBytes;
        this.lostConnectionTimeout = requireNonNull(lostConnectionTimeout, "lostConnectionTimeout is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        this.bufferStats = requireNonNull(bufferStats, "bufferStats is null");
        this.unregister = requireNonNull(unregister, "unregister is null");
        this.attempts = new ResultAttempts(ticket.resultId());
        this.reader = new FrameRowReader<>(ticket.resultId(), requireNonNull(serializer, "serializer is null"));
    }

    /** What the sink must present; goes into the sink's table options. */
    public PushTicket ticket() {
        return ticket;
    }

    /**
     * Returns the next rows, at most {@code maxRows}, as soon as at least one is there.
     *
     * @return an empty list only when the result has ended
     * @throws DeadlineExceededException if no row and no end arrived within {@code timeout}
     * @throws PushedResultException if the result failed; the job's own failure is its cause when known
     */
    public List<T> next(int maxRows, Duration timeout) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1, was " + maxRows);
        }
        if (reader.hasRowsLeft()) {
            List<T> rows = new ArrayList<>();
            reader.readInto(rows, maxRows);
            return rows;
        }
        if (done) {
            return new ArrayList<>();
        }
        ResultFrames.Taken taken = take(maxRows, timeout);
        if (taken.payloads().isEmpty()) {
            done = true;
            return new ArrayList<>();
        }
        // sized once: a frame of the gateway holds thousands of rows, and growing the list copied it a dozen times
        List<T> rows = new ArrayList<>((int) Math.min(taken.rows(), maxRows));
        // whole frames, up to maxRows rows: only the last one can have rows left for the next call
        for (byte[] frame : taken.payloads()) {
            reader.start(frame);
            reader.readInto(rows, maxRows);
        }
        return rows;
    }

    /** Waits for frames holding at least one row (an empty list: the end) and takes enough for {@code maxRows}. */
    private ResultFrames.Taken take(int maxRows, Duration timeout) {
        long start = nanoClock.getAsLong();
        long deadline = start + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                attempts.failIfLostTooLong(nanoClock.getAsLong(), lostConnectionTimeout);
                attempts.throwIfFailed();
                if (discarding) {
                    throw new PushedResultException("Result " + ticket.resultId() + " is closed");
                }
                if (!frames.isEmpty()) {
                    break;
                }
                if (attempts.isEnded()) {
                    return ResultFrames.Taken.NONE;
                }
                long now = nanoClock.getAsLong();
                long wakeUp = Math.min(
                        deadline, attempts.lostDeadline(lostConnectionTimeout).orElse(Long.MAX_VALUE));
                if (now - deadline >= 0) {
                    throw new DeadlineExceededException(
                            "No rows pushed for result " + ticket.resultId(),
                            timeout,
                            1,
                            Duration.ofNanos(now - start));
                }
                changed.awaitNanos(wakeUp - now);
            }
            attempts.rowsHandedOut();
            long before = frames.bytes();
            ResultFrames.Taken taken = frames.take(maxRows);
            bufferStats.changed(frames.bytes() - before, frames.bytes());
            if (paused && frames.bytes() <= maxBufferedBytes / 2) {
                unpause();
                attempts.resumeReading();
            }
            return taken;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PushedResultException("Interrupted while waiting for the rows of result " + ticket.resultId(), e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until a sink has attached to deliver this result, or the result has ended or failed, at most {@code
     * timeout}; takes no rows.
     *
     * @return the result's failure when it failed before any sink attached (so nothing of it reached anyone), else
     *     empty
     */
    public Optional<RuntimeException> awaitFirstSink(Duration timeout) {
        return awaitUntil(
                () -> attempts.hasAttached() || attempts.isFinal() || discarding,
                () -> !attempts.hasAttached(),
                timeout,
                "the sink");
    }

    /**
     * Waits until the result has ended or failed, or its sink is held back by a full buffer, at most {@code timeout};
     * takes no rows. For a query whose job carries other queries: a failure seen here, before any row was handed out,
     * lets the query run again on its own.
     *
     * @return the result's failure if it failed, else empty
     */
    public Optional<RuntimeException> awaitEndOrFailure(Duration timeout) {
        return awaitUntil(() -> attempts.isFinal() || paused || discarding, () -> true, timeout, "the end");
    }

    /**
     * Waits until {@code settled} holds, at most {@code timeout}; returns the result's failure if it failed by then
     * and {@code failureCounts}. Both are tested with the lock held.
     */
    private Optional<RuntimeException> awaitUntil(
            BooleanSupplier settled, BooleanSupplier failureCounts, Duration timeout, String what) {
        long deadline = nanoClock.getAsLong() + timeout.toNanos();
        lock.lock();
        try {
            while (!settled.getAsBoolean()) {
                long left = deadline - nanoClock.getAsLong();
                if (left <= 0) {
                    return Optional.empty();
                }
                changed.awaitNanos(left);
            }
            if (!failureCounts.getAsBoolean()) {
                return Optional.empty();
            }
            try {
                attempts.throwIfFailed();
            } catch (RuntimeException failure) {
                return Optional.of(failure);
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PushedResultException(
                    "Interrupted while waiting for " + what + " of result " + ticket.resultId(), e);
        } finally {
            lock.unlock();
        }
    }

    /** Whether every row has been returned. */
    public boolean isDone() {
        return done;
    }

    /**
     * When the sink's end of the result reached the gateway, if it has: the moment the answer became complete,
     * whatever the job still does on the cluster (for the query's phases).
     */
    public Optional<Instant> endArrival() {
        return Optional.ofNullable(endArrival);
    }

    /** The {@code nanoClock} time the first row reached the gateway, or -1 while none has. */
    public long firstRowArrivalNanos() {
        return firstRowArrivalNanos;
    }

    /** The {@code nanoClock} time of {@link #endArrival}, or -1 while the end has not arrived. */
    public long endArrivalNanos() {
        return endArrivalNanos;
    }

    /** Bytes of rows received and not yet taken by the consumer. */
    public long bufferedBytes() {
        lock.lock();
        try {
            return frames.bytes();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Fails the result with the job's cause when the job fails before the end of the result, or when it finishes
     * without sending it. Pass the job's termination (for example {@code JobClient.getJobExecutionResult()}).
     */
    public void failWhenJobEnds(CompletionStage<?> jobTermination) {
        jobTermination.whenComplete((result, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause()
                        : failure;
                fail(new PushedResultException("The query's job failed: " + cause.getMessage(), cause));
            } else {
                fail(new PushedResultException("The query's job finished without sending the end of result "
                        + ticket.resultId() + " to the gateway"));
            }
        });
    }

    /** Fails the result unless it has ended already; the consumer's next call throws {@code failure}. */
    public void fail(RuntimeException failure) {
        requireNonNull(failure, "failure is null");
        lock.lock();
        try {
            if (attempts.fail(failure)) {
                clearFrames();
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Unregisters the result and closes its connection; rows not read are dropped. Never throws. */
    @Override
    public void close() {
        unregister.run();
        lock.lock();
        try {
            attempts.close();
            clearFrames();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Unregisters the result and drops its rows like {@link #close}, but keeps reading the sink's connection (dropping
     * what arrives) until {@code jobStopped} completes, then closes it. A sink whose connection broke first would fail
     * its job before the job's cancel reached it: the job would end FAILED, with an error in the cluster's log, instead
     * of CANCELED. Never throws.
     */
    public void closeWhenStopped(CompletionStage<?> jobStopped) {
        unregister.run();
        dropUntilStopped(jobStopped, attempts::closeKeepingConnection);
    }

    /**
     * Lets go of the result while its job goes on for other queries: the result stays registered, so that its sink
     * may still attach, its rows are read and dropped, and its end is acknowledged, until {@code jobStopped}
     * completes; then it is closed. A sink refused or cut off would fail the job, and with it the other queries the
     * job carries. Never throws.
     */
    public void discardUntilStopped(CompletionStage<?> jobStopped) {
        dropUntilStopped(jobStopped, () -> discarding = true);
    }

    /**
     * Marks the result let go ({@code letGo}, with the lock held), drops its rows and keeps its connection read until
     * {@code jobStopped} completes, then closes it.
     */
    private void dropUntilStopped(CompletionStage<?> jobStopped, Runnable letGo) {
        lock.lock();
        try {
            letGo.run();
            clearFrames();
            attempts.resumeReading();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        jobStopped.whenComplete((ignored, failure) -> close());
    }

    /** A sink's hello with the right secret; returns why it is refused, or null when it now delivers the result. */
    @Nullable
    String attach(SinkConnection connection, PushWire.Hello hello) {
        // the secret first: a wrong one learns nothing about the result's state and changes nothing
        if (!ticket.matches(hello.secret())) {
            return "wrong secret for result " + ticket.resultId();
        }
        lock.lock();
        try {
            String refusal = attempts.attach(connection, hello);
            if (refusal == null && attempts.discardedEarlierAttempt()) {
                clearFrames();
            }
            changed.signalAll();
            return refusal;
        } finally {
            lock.unlock();
        }
    }

    /** A ROWS frame's payload (row count, then the rows), on the event loop. */
    void offerRows(SinkConnection connection, byte[] payload) {
        lock.lock();
        try {
            if (!attempts.isCurrent(connection) || attempts.isFinal()) {
                return;
            }
            int rowCount = ((payload[0] & 0xff) << 24)
                    | ((payload[1] & 0xff) << 16)
                    | ((payload[2] & 0xff) << 8)
                    | (payload[3] & 0xff);
            attempts.rowsReceived(rowCount);
            if (discarding) {
                return; // counted, for the end's check, and dropped
            }
            if (rowCount > 0 && firstRowArrivalNanos < 0) {
                firstRowArrivalNanos = nanoClock.getAsLong();
            }
            long before = frames.bytes();
            frames.add(payload, rowCount);
            bufferStats.changed(frames.bytes() - before, frames.bytes());
            if (!paused && frames.bytes() >= maxBufferedBytes) {
                paused = true;
                bufferStats.paused();
                connection.pauseReading();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The END frame, on the event loop; returns whether to acknowledge it. */
    boolean end(SinkConnection connection, long rowCount) {
        lock.lock();
        try {
            boolean ended = attempts.end(connection, rowCount);
            if (ended) {
                endArrival = Instant.now();
                endArrivalNanos = nanoClock.getAsLong();
            } else {
                clearFrames();
            }
            changed.signalAll();
            return ended;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Drops the rows not taken, and stops counting the result as holding its sink back (the connection is closed or
     * replaced, or its rows are no longer wanted); with the lock held.
     */
    private void clearFrames() {
        long before = frames.bytes();
        frames.clear();
        bufferStats.changed(-before, 0);
        unpause();
    }

    private void unpause() {
        if (paused) {
            paused = false;
            bufferStats.resumed();
        }
    }

    /** The connection closed or broke; before the end this is a failure, after it nothing. */
    void connectionLost(SinkConnection connection, @Nullable Throwable cause) {
        lock.lock();
        try {
            attempts.connectionLost(connection, cause, nanoClock.getAsLong());
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
