package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import dev.sluice.retry.DeadlineExceededException;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Where the event loop hands one pushed result over to its consumer's thread: the state both sides change, under one
 * lock, and the consumer's waits for it. The event loop attaches sinks, adds frames, ends the result and loses
 * connections; the consumer takes frames, waits for a sink or for the end, and fails, closes or lets go of the result.
 * Every change that a waiting consumer may be waiting for wakes it, and it tests again what it waits for; its
 * deadlines are on {@code nanoClock}.
 *
 * <p>The rules of attempts and endings are in {@link ResultAttempts}, the memory bound in {@link PushedResultBuffer};
 * rows stay bytes here, for {@link PushedResult} to deserialize on the consumer's thread. Thread-safe.
 */
final class PushedResultHandover {
    private final long resultId;
    private final Duration lostConnectionTimeout;
    private final Clock wallClock;
    private final LongSupplier nanoClock;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    // guarded by lock
    private final ResultAttempts attempts;
    // guarded by lock
    private final PushedResultBuffer buffer;
    // guarded by lock: its consumer let go of it while its job goes on for others; what arrives is dropped
    private boolean discarding;

    // written under lock on the event loop, read without it: each is one stamp, set once, for the query's phases
    private volatile @Nullable Instant endArrival;
    // nanoClock stamps, -1 until they happen
    private volatile long firstRowArrivalNanos = -1;
    private volatile long endArrivalNanos = -1;

    PushedResultHandover(
            long resultId,
            long maxBufferedBytes,
            Duration lostConnectionTimeout,
            Clock wallClock,
            LongSupplier nanoClock,
            PushBufferStats bufferStats) {
        this.resultId = resultId;
        this.lostConnectionTimeout = requireNonNull(lostConnectionTimeout, "lostConnectionTimeout is null");
        this.wallClock = requireNonNull(wallClock, "wallClock is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        this.attempts = new ResultAttempts(resultId);
        this.buffer = new PushedResultBuffer(maxBufferedBytes, bufferStats);
    }

    /**
     * Waits for frames holding at least one row and takes enough for {@code maxRows}; none means the end.
     *
     * @throws DeadlineExceededException if no row and no end arrived within {@code timeout}
     * @throws PushedResultException if the result failed or was closed or let go
     */
    ResultFrames.Taken take(int maxRows, Duration timeout) {
        long start = nanoClock.getAsLong();
        long deadline = start + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                attempts.failIfLostTooLong(nanoClock.getAsLong(), lostConnectionTimeout);
                attempts.throwIfFailed();
                if (discarding) {
                    throw new PushedResultException("Result " + resultId + " is closed");
                }
                if (!buffer.isEmpty()) {
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
                            "No rows pushed for result " + resultId, timeout, 1, Duration.ofNanos(now - start));
                }
                changed.awaitNanos(wakeUp - now);
            }
            attempts.rowsHandedOut();
            ResultFrames.Taken taken = buffer.take(maxRows);
            if (buffer.releaseIfHalfTaken()) {
                attempts.resumeReading();
            }
            return taken;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PushedResultException("Interrupted while waiting for the rows of result " + resultId, e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * After a take that emptied the buffer: waits at most {@code grace} for more rows or the result's end, and returns
     * whether the result has ended with nothing left to take. A failure is left to the next take, which throws it.
     */
    boolean endsAfterTake(Duration grace) {
        long deadline = nanoClock.getAsLong() + grace.toNanos();
        lock.lock();
        try {
            return awaitLocked(() -> !buffer.isEmpty() || attempts.isFinal() || discarding, deadline)
                    && buffer.isEmpty()
                    && attempts.isEnded()
                    && !discarding;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** See {@link PushedResult#awaitFirstSink}. */
    Optional<RuntimeException> awaitFirstSink(Duration timeout) {
        return awaitUntil(
                () -> attempts.hasAttached() || attempts.isFinal() || discarding,
                () -> !attempts.hasAttached(),
                timeout,
                "the sink");
    }

    /** See {@link PushedResult#awaitEndOrFailure}. */
    Optional<RuntimeException> awaitEndOrFailure(Duration timeout) {
        return awaitUntil(() -> attempts.isFinal() || buffer.isPaused() || discarding, () -> true, timeout, "the end");
    }

    /**
     * Waits until {@code settled} holds, at most {@code timeout}; returns the result's failure if it failed by then
     * and {@code failureCounts}. Both are tested with the lock held.
     */
    /**
     * Waits, holding the lock, until {@code settled} holds or the clock passes {@code deadline}; returns whether it
     * holds.
     */
    private boolean awaitLocked(BooleanSupplier settled, long deadline) throws InterruptedException {
        while (!settled.getAsBoolean()) {
            long left = deadline - nanoClock.getAsLong();
            if (left <= 0) {
                return false;
            }
            changed.awaitNanos(left);
        }
        return true;
    }

    private Optional<RuntimeException> awaitUntil(
            BooleanSupplier settled, BooleanSupplier failureCounts, Duration timeout, String what) {
        long deadline = nanoClock.getAsLong() + timeout.toNanos();
        lock.lock();
        try {
            if (!awaitLocked(settled, deadline) || !failureCounts.getAsBoolean()) {
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
            throw new PushedResultException("Interrupted while waiting for " + what + " of result " + resultId, e);
        } finally {
            lock.unlock();
        }
    }

    /** See {@link PushedResult#endArrival}. */
    Optional<Instant> endArrival() {
        return Optional.ofNullable(endArrival);
    }

    /** The {@code nanoClock} time the first row arrived, or -1 while none has. */
    long firstRowArrivalNanos() {
        return firstRowArrivalNanos;
    }

    /** The {@code nanoClock} time the end arrived, or -1 while it has not. */
    long endArrivalNanos() {
        return endArrivalNanos;
    }

    /** Bytes of rows received and not yet taken by the consumer. */
    long bufferedBytes() {
        lock.lock();
        try {
            return buffer.bytes();
        } finally {
            lock.unlock();
        }
    }

    /** Fails the result unless it has ended already; the consumer's next take throws {@code failure}. */
    void fail(RuntimeException failure) {
        lock.lock();
        try {
            if (attempts.fail(failure)) {
                buffer.clear();
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Closes the result and its connection; rows not taken are dropped. */
    void close() {
        lock.lock();
        try {
            attempts.close();
            buffer.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Closes the result for its consumer, and drops its rows, but keeps reading its connection: see {@link
     * PushedResult#closeWhenStopped}.
     */
    void closeKeepingConnection() {
        letGo(attempts::closeKeepingConnection);
    }

    /**
     * Lets go of the result for its consumer while the sink may still attach and deliver it, its rows read and dropped
     * and its end accepted: see {@link PushedResult#discardUntilStopped}.
     */
    void discard() {
        letGo(() -> discarding = true);
    }

    /** Marks the result let go ({@code mark}, with the lock held), drops its rows and reads its connection again. */
    private void letGo(Runnable mark) {
        lock.lock();
        try {
            mark.run();
            buffer.clear();
            attempts.resumeReading();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** A sink's hello whose secret matched; returns why it is refused, or null when it now delivers the result. */
    @Nullable
    String attach(SinkConnection connection, PushWire.Hello hello) {
        lock.lock();
        try {
            String refusal = attempts.attach(connection, hello);
            if (refusal == null && attempts.discardedEarlierAttempt()) {
                buffer.clear();
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
            buffer.add(payload, rowCount, connection);
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
                endArrival = wallClock.instant();
                endArrivalNanos = nanoClock.getAsLong();
            } else {
                buffer.clear();
            }
            changed.signalAll();
            return ended;
        } finally {
            lock.unlock();
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
