package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * Which sink connection delivers a result, and how the result ends. Guarded by the result's lock.
 *
 * <ul>
 *   <li>One connection per attempt of the sink; a hello from the same or an earlier attempt reuses the ticket and is
 *       refused.
 *   <li>A later attempt (the job restarted) replaces the earlier one only while no row has reached the consumer; the
 *       earlier attempt's rows are dropped. After rows reached the consumer it fails the result, because the new
 *       attempt would send them again.
 *   <li>The end counts: an END whose row count differs from the rows received fails the result.
 *   <li>A connection that closes before the end leaves the result waiting for the job's cause or a new attempt, at
 *       most the lost-connection timeout, and then fails it.
 * </ul>
 */
final class ResultAttempts {
    private final long resultId;
    private @Nullable SinkConnection current;
    private String currentPeer = "";
    private int lastAttempt = -1;
    private long jobUpper;
    private long jobLower;
    private long rowsReceived;
    private boolean handedOut;
    private boolean ended;
    private boolean closed;
    private boolean discardedEarlier;
    private @Nullable RuntimeException failure;
    private @Nullable RuntimeException lost;
    private long lostAtNanos;

    ResultAttempts(long resultId) {
        this.resultId = resultId;
    }

    /** Returns why the hello is refused, or null when its connection now delivers the result. */
    @Nullable
    String attach(SinkConnection connection, PushWire.Hello hello) {
        discardedEarlier = false;
        if (closed) {
            return "result " + resultId + " is closed";
        }
        if (failure != null) {
            return "result " + resultId + " has failed";
        }
        if (ended) {
            return "result " + resultId + " is complete";
        }
        if (lastAttempt >= 0 && (hello.jobIdUpper() != jobUpper || hello.jobIdLower() != jobLower)) {
            return "result " + resultId + " is delivered by another job";
        }
        if (hello.attempt() <= lastAttempt) {
            return "attempt " + hello.attempt() + " already delivered result " + resultId;
        }
        if (lastAttempt >= 0) {
            if (handedOut) {
                fail(new PushedResultException("The query's job restarted (attempt " + hello.attempt()
                        + " of its result sink) after rows of attempt " + lastAttempt + " reached the client; the"
                        + " query fails rather than return rows twice or lose some"));
                return "result " + resultId + " already handed rows of attempt " + lastAttempt + " to its client";
            }
            // nothing reached the client: the new attempt starts the result over
            discardedEarlier = true;
            rowsReceived = 0;
            lost = null;
            if (current != null) {
                current.close();
            }
        }
        current = connection;
        currentPeer = connection.describe();
        lastAttempt = hello.attempt();
        jobUpper = hello.jobIdUpper();
        jobLower = hello.jobIdLower();
        return null;
    }

    /** Whether the last accepted hello replaced an earlier attempt, whose rows must be dropped. */
    /** Whether a sink has ever attached to deliver the result. */
    boolean hasAttached() {
        return lastAttempt >= 0;
    }

    boolean discardedEarlierAttempt() {
        return discardedEarlier;
    }

    boolean isCurrent(SinkConnection connection) {
        return connection == current;
    }

    /** Ended, failed or closed: nothing changes the result any more. */
    boolean isFinal() {
        return ended || failure != null || closed;
    }

    boolean isEnded() {
        return ended;
    }

    void rowsReceived(int rowCount) {
        rowsReceived += rowCount;
    }

    void rowsHandedOut() {
        handedOut = true;
    }

    /** Returns whether the end is accepted (and so acknowledged). */
    boolean end(SinkConnection connection, long rowCount) {
        if (connection != current || isFinal()) {
            return false;
        }
        if (rowCount != rowsReceived) {
            fail(new PushedResultException("The sink of result " + resultId + " sent " + rowCount
                    + " rows but the gateway received " + rowsReceived));
            return false;
        }
        ended = true;
        return true;
    }

    void connectionLost(SinkConnection connection, @Nullable Throwable cause, long nowNanos) {
        if (connection != current) {
            return;
        }
        current = null;
        if (isFinal()) {
            return;
        }
        String message = "The connection from the sink of result " + resultId + " (attempt " + lastAttempt + ", "
                + currentPeer + ") closed before the end of the result";
        lost = cause == null ? new PushedResultException(message) : new PushedResultException(message, cause);
        lostAtNanos = nowNanos;
    }

    /** When a lost connection turns into the result's failure, if one is lost. */
    OptionalLong lostDeadline(Duration timeout) {
        return lost == null ? OptionalLong.empty() : OptionalLong.of(lostAtNanos + timeout.toNanos());
    }

    void failIfLostTooLong(long nowNanos, Duration timeout) {
        if (lost != null && nowNanos - (lostAtNanos + timeout.toNanos()) >= 0) {
            fail(lost);
        }
    }

    void throwIfFailed() {
        if (failure != null) {
            throw failure;
        }
        if (closed) {
            throw new PushedResultException("Result " + resultId + " is closed");
        }
    }

    /** Returns whether this failed the result; an ended or closed result stays as it is. */
    boolean fail(RuntimeException cause) {
        if (isFinal()) {
            return false;
        }
        failure = cause;
        closeCurrent();
        return true;
    }

    void close() {
        closed = true;
        closeCurrent();
    }

    /** Closed for its consumer; the sink's connection stays open, its frames dropped, until {@link #close()}. */
    void closeKeepingConnection() {
        closed = true;
    }

    void resumeReading() {
        if (current != null) {
            current.resumeReading();
        }
    }

    private void closeCurrent() {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
