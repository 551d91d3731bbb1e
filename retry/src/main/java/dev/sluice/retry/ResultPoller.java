package dev.sluice.retry;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Polls until a result is ready, waiting between polls as a {@link CollectStrategy} says: the one place where the
 * gateway waits on the cluster.
 *
 * <p>"Not ready yet" is a predicate on the result, Resilience4j's {@code retryOnResult}; an exception thrown by a poll
 * is not retried here but passed to the caller at once (transient failures have their own, bounded policy).
 *
 * <p><b>Design.</b> The poller owns a Resilience4j {@link Retry} (result predicate, attempt limit, the strategy's
 * {@code IntervalFunction}, events and metrics) and drives its {@link Retry.AsyncContext} from a plain loop on the
 * calling thread: the context counts attempts and returns the next wait without sleeping, and the loop waits through
 * the injected {@link Sleeper} and measures time with the injected nano clock. Resilience4j's blocking decorators
 * were not used because they sleep through {@code RetryImpl.sleepFunction}, a static mutable seam shared by every
 * retry in the JVM; its {@code executeCompletionStage} was not used because callers (RPC threads answering a fetch)
 * wait for the result anyway, and a scheduler would only add a thread hop and a fake {@code ScheduledExecutorService}
 * to every test. With this design tests run on a fake sleeper and clock and never sleep, and the overall deadline is
 * checked between polls, where the final wait is shortened so that the last poll happens at the deadline.
 *
 * <p>Instances are immutable and safe to share between threads; each {@link #poll} call has its own attempt count.
 *
 * @param <T> the result of one poll
 */
public final class ResultPoller<T> {
    private static final Duration MAX_NANOS = Duration.ofNanos(Long.MAX_VALUE);

    private final String name;
    private final CollectStrategy strategy;
    private final Predicate<? super T> notReady;
    private final Sleeper sleeper;
    private final LongSupplier nanoClock;
    private final Retry retry;

    /**
     * @param name what is awaited, for errors ({@code "<name> not ready"}) and as the name of the {@link Retry}
     * @param notReady true for a result that is not ready yet; may be called twice for the last allowed poll, so it
     *     must not have side effects
     * @param nanoClock monotonic time in nanoseconds, {@code System::nanoTime} outside tests
     */
    public ResultPoller(
            String name,
            CollectStrategy strategy,
            Predicate<? super T> notReady,
            Sleeper sleeper,
            LongSupplier nanoClock) {
        this.name = requireNonNull(name, "name is null");
        this.strategy = requireNonNull(strategy, "strategy is null");
        this.notReady = requireNonNull(notReady, "notReady is null");
        this.sleeper = requireNonNull(sleeper, "sleeper is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        RetryConfig config = RetryConfig.<T>custom()
                .maxAttempts(strategy.maxAttempts())
                .intervalFunction(strategy.intervalFunction())
                .retryOnResult(notReady::test)
                .retryOnException(failure -> false)
                .failAfterMaxAttempts(false)
                .build();
        this.retry = Retry.of(name, config);
    }

    /** The clock this poller measures its deadline on; a wait built on the poller measures its own time on it too. */
    public LongSupplier nanoClock() {
        return nanoClock;
    }

    /** A poller that sleeps with {@link Sleeper#system()} and measures time with {@link System#nanoTime()}. */
    public static <T> ResultPoller<T> create(String name, CollectStrategy strategy, Predicate<? super T> notReady) {
        return new ResultPoller<>(name, strategy, notReady, Sleeper.system(), System::nanoTime);
    }

    /**
     * Calls {@code attempt} until it returns a ready result, at most {@link CollectStrategy#maxAttempts()} times.
     *
     * @throws RetryExhaustedException when the last allowed poll found the result not ready
     * @throws PollInterruptedException when the thread is interrupted while waiting (its interrupt flag stays set)
     */
    public T poll(Supplier<? extends T> attempt) {
        return run(attempt, Long.MAX_VALUE, MAX_NANOS);
    }

    /**
     * Like {@link #poll(Supplier)}, and gives up when the result is not ready {@code deadline} after the first poll
     * started; the wait before the last poll is shortened so that it happens at the deadline.
     *
     * @throws DeadlineExceededException when the deadline passed before the result was ready
     * @throws RetryExhaustedException when the last allowed poll found the result not ready
     * @throws PollInterruptedException when the thread is interrupted while waiting (its interrupt flag stays set)
     */
    public T poll(Supplier<? extends T> attempt, Duration deadline) {
        requireNonNull(deadline, "deadline is null");
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive, was " + TimeFormat.duration(deadline));
        }
        long deadlineNanos = deadline.compareTo(MAX_NANOS) >= 0 ? Long.MAX_VALUE : deadline.toNanos();
        return run(attempt, deadlineNanos, deadline);
    }

    /** The Resilience4j retry behind this poller: subscribe to its events for logs, read its metrics. */
    public Retry retry() {
        return retry;
    }

    public CollectStrategy strategy() {
        return strategy;
    }

    private T run(Supplier<? extends T> attempt, long deadlineNanos, Duration deadline) {
        requireNonNull(attempt, "attempt is null");
        long start = nanoClock.getAsLong();
        Retry.AsyncContext<T> context = retry.asyncContext();
        int attempts = 0;
        while (true) {
            T result = call(attempt, context);
            attempts++;
            long waitMillis = context.onResult(result);
            if (waitMillis < 0) { // ready, or the last allowed poll was not
                context.onComplete();
                if (attempts >= strategy.maxAttempts() && notReady.test(result)) {
                    throw new RetryExhaustedException(name, attempts, elapsedSince(start));
                }
                return result;
            }
            long remainingNanos = deadlineNanos - (nanoClock.getAsLong() - start);
            if (remainingNanos <= 0) {
                throw new DeadlineExceededException(name, deadline, attempts, elapsedSince(start));
            }
            long waitNanos = Math.min(TimeUnit.MILLISECONDS.toNanos(waitMillis), remainingNanos);
            try {
                sleeper.sleep(Duration.ofNanos(waitNanos));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PollInterruptedException(name, attempts, elapsedSince(start), e);
            }
        }
    }

    private static <T> T call(Supplier<? extends T> poll, Retry.AsyncContext<T> context) {
        try {
            return poll.get();
        } catch (RuntimeException e) {
            context.onError(e); // counted in the retry's metrics as a failed call; not retried
            throw e;
        }
    }

    private Duration elapsedSince(long start) {
        return Duration.ofNanos(nanoClock.getAsLong() - start);
    }
}
