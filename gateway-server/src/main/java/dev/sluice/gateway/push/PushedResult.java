package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import dev.sluice.retry.DeadlineExceededException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * One query's result as its sink pushes it: the consumer's side (blocking {@link #next}, end, failure, close) over
 * the frames that {@link ResultConnectionHandler} hands in from the event loop.
 *
 * <p>Memory is bounded: once {@code maxBufferedBytes} of rows wait, the connection stops reading, so TCP blocks the
 * sink; it reads again when the consumer has taken half ({@link PushedResultBuffer}). Rows are deserialized here, on
 * the consumer's thread, never on the event loop; the state both threads share, and the waits on it, are in {@link
 * PushedResultHandover}. The rules of attempts and endings are in {@link ResultAttempts}.
 *
 * <p>{@link #next}, {@link #isDone} and {@link #close} are for one consumer thread; the rest is thread-safe.
 */
public final class PushedResult<T> implements AutoCloseable {
    // How long a take that emptied the buffer with fewer rows than asked waits for the result's end. A sink sends its
    // end right after its last rows, so a short result's first page can then say it is the last: the client needs no
    // second fetch, and closing the result after it is no cancel of a job that has finished. 50 ms covers a busy
    // gateway (10 ms missed the end now and then on two loaded cores); a partial page of a streaming result waits as
    // long for nothing.
    static final Duration END_GRACE = Duration.ofMillis(50);

    private final PushTicket ticket;
    private final Runnable unregister;
    private final PushedResultHandover handover;

    // consumer thread only: the frame whose rows were not all returned yet
    private final FrameRowReader<T> reader;
    private boolean done;

    PushedResult(
            PushTicket ticket,
            TypeSerializer<T> serializer,
            long maxBufferedBytes,
            Duration lostConnectionTimeout,
            Clock wallClock,
            LongSupplier nanoClock,
            PushBufferStats bufferStats,
            Runnable unregister) {
        this.ticket = requireNonNull(ticket, "ticket is null");
        this.unregister = requireNonNull(unregister, "unregister is null");
        this.handover = new PushedResultHandover(
                ticket.resultId(),
                maxBufferedBytes,
                lostConnectionTimeout,
                wallClock,
                nanoClock,
                requireNonNull(bufferStats, "bufferStats is null"));
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
        ResultFrames.Taken taken = handover.take(maxRows, timeout);
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
        if (rows.size() < maxRows && !reader.hasRowsLeft() && handover.endsAfterTake(END_GRACE)) {
            done = true;
        }
        return rows;
    }

    /**
     * Waits until a sink has attached to deliver this result, or the result has ended or failed, at most {@code
     * timeout}; takes no rows.
     *
     * @return the result's failure when it failed before any sink attached (so nothing of it reached anyone), else
     *     empty
     */
    public Optional<RuntimeException> awaitFirstSink(Duration timeout) {
        return handover.awaitFirstSink(timeout);
    }

    /**
     * Waits until the result has ended or failed, or its sink is held back by a full buffer, at most {@code timeout};
     * takes no rows. For a query whose job carries other queries: a failure seen here, before any row was handed out,
     * lets the query run again on its own.
     *
     * @return the result's failure if it failed, else empty
     */
    public Optional<RuntimeException> awaitEndOrFailure(Duration timeout) {
        return handover.awaitEndOrFailure(timeout);
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
        return handover.endArrival();
    }

    /** The {@code nanoClock} time the first row reached the gateway, or -1 while none has. */
    public long firstRowArrivalNanos() {
        return handover.firstRowArrivalNanos();
    }

    /** The {@code nanoClock} time of {@link #endArrival}, or -1 while the end has not arrived. */
    public long endArrivalNanos() {
        return handover.endArrivalNanos();
    }

    /** Bytes of rows received and not yet taken by the consumer. */
    public long bufferedBytes() {
        return handover.bufferedBytes();
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
        handover.fail(failure);
    }

    /** Unregisters the result and closes its connection; rows not read are dropped. Never throws. */
    @Override
    public void close() {
        unregister.run();
        handover.close();
    }

    /**
     * Unregisters the result and drops its rows like {@link #close}, but keeps reading the sink's connection (dropping
     * what arrives) until {@code jobStopped} completes, then closes it. A sink whose connection broke first would fail
     * its job before the job's cancel reached it: the job would end FAILED, with an error in the cluster's log, instead
     * of CANCELED. Never throws.
     */
    public void closeWhenStopped(CompletionStage<?> jobStopped) {
        unregister.run();
        dropUntilStopped(jobStopped, handover::closeKeepingConnection);
    }

    /**
     * Lets go of the result while its job goes on for other queries: the result stays registered, so that its sink
     * may still attach, its rows are read and dropped, and its end is acknowledged, until {@code jobStopped}
     * completes; then it is closed. A sink refused or cut off would fail the job, and with it the other queries the
     * job carries. Never throws.
     */
    public void discardUntilStopped(CompletionStage<?> jobStopped) {
        dropUntilStopped(jobStopped, handover::discard);
    }

    /** Lets go of the result ({@code letGo}), then closes it when {@code jobStopped} completes. */
    private void dropUntilStopped(CompletionStage<?> jobStopped, Runnable letGo) {
        letGo.run();
        jobStopped.whenComplete((ignored, failure) -> close());
    }

    /** A sink's hello with the right secret; returns why it is refused, or null when it now delivers the result. */
    @Nullable
    String attach(SinkConnection connection, PushWire.Hello hello) {
        // the secret first: a wrong one learns nothing about the result's state and changes nothing
        if (!ticket.matches(hello.secret())) {
            return "wrong secret for result " + ticket.resultId();
        }
        return handover.attach(connection, hello);
    }

    /** A ROWS frame's payload (row count, then the rows), on the event loop. */
    void offerRows(SinkConnection connection, byte[] payload) {
        handover.offerRows(connection, payload);
    }

    /** The END frame, on the event loop; returns whether to acknowledge it. */
    boolean end(SinkConnection connection, long rowCount) {
        return handover.end(connection, rowCount);
    }

    /** The connection closed or broke; before the end this is a failure, after it nothing. */
    void connectionLost(SinkConnection connection, @Nullable Throwable cause) {
        handover.connectionLost(connection, cause);
    }
}
