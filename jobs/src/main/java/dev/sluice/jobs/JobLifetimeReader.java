package dev.sluice.jobs;

import dev.sluice.sessioncache.ExecutionGraphCacheTtl;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Reads one job's {@link JobLifetime} from its cluster once the job has ended, off the query's path: the client has
 * its answer before the request goes out. One job-details request ({@code GET /jobs/:jobid}) per job, the only one of
 * Flink's that carries the job's timestamps (its status request does not).
 *
 * <p>When to ask: the JobManager keeps a job's details in a cache ({@link ExecutionGraphCacheTtl}, 3 s by default),
 * so details asked while the job still winds down would stay stale for that long. A pushed query's result ends before
 * its job does; its {@link JobEndWatcher} says when the job's status is final, and only then are the details asked. A
 * job nobody watches (a collected query, whose result ends after its job) is asked as soon as its statement ends.
 * Details that do not show the end yet (a job cancelled by a closed result still cancelling) are asked again a few
 * times, until a while past the cluster's cache lifetime.
 *
 * <p>Thread-safe.
 */
public final class JobLifetimeReader {
    private static final Logger LOG = LoggerFactory.getLogger(JobLifetimeReader.class);

    private static final List<Duration> FIRST_RETRY_DELAYS =
            List.of(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2));
    private static final Duration LATER_RETRY_DELAY = Duration.ofSeconds(2);
    // asked again until this long past the cache's expiry: a job cancelled by a closed result may still be cancelling
    private static final Duration PAST_CACHE_EXPIRY = Duration.ofMillis(2_500);

    private final JobID jobId;
    private final Supplier<CompletableFuture<JobDetailsInfo>> details;
    private final ExecutionGraphCacheTtl cacheTtl;
    private final Function<Duration, Executor> afterDelay;
    private final CompletableFuture<JobLifetime> lifetime = new CompletableFuture<>();
    private final AtomicBoolean asked = new AtomicBoolean();
    private volatile boolean watched;

    /**
     * @param details asks the job's details of its cluster, one request per call
     * @param cacheTtl how long the cluster answers details from its cache: details that do not show the end yet are
     *     asked again until a while after it
     */
    public JobLifetimeReader(
            JobID jobId, Supplier<CompletableFuture<JobDetailsInfo>> details, ExecutionGraphCacheTtl cacheTtl) {
        this(
                jobId,
                details,
                cacheTtl,
                delay -> CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS));
    }

    /**
     * @param afterDelay an executor that runs what it is given a delay later: {@link CompletableFuture#delayedExecutor}
     *     outside tests; tests run the requests at once and record the delays
     */
    JobLifetimeReader(
            JobID jobId,
            Supplier<CompletableFuture<JobDetailsInfo>> details,
            ExecutionGraphCacheTtl cacheTtl,
            Function<Duration, Executor> afterDelay) {
        this.jobId = requireNonNull(jobId, "jobId is null");
        this.details = requireNonNull(details, "details is null");
        this.cacheTtl = requireNonNull(cacheTtl, "cacheTtl is null");
        this.afterDelay = requireNonNull(afterDelay, "afterDelay is null");
    }

    /**
     * The delays between a job's details that do not show its end and the next request: quick at first (a job that
     * just ended), then every 2 s until they add up to a while past the cluster's cache lifetime {@code cacheTtl}.
     */
    static List<Duration> retryDelays(Duration cacheTtl) {
        Duration enough = cacheTtl.plus(PAST_CACHE_EXPIRY);
        List<Duration> delays = new ArrayList<>(FIRST_RETRY_DELAYS);
        Duration total = delays.stream().reduce(Duration.ZERO, Duration::plus);
        while (total.compareTo(enough) < 0) {
            delays.add(LATER_RETRY_DELAY);
            total = total.plus(LATER_RETRY_DELAY);
        }
        return List.copyOf(delays);
    }

    /** A reader that never asks: the job's lifetime is not known, for {@code reason}. */
    public static JobLifetimeReader unavailable(JobID jobId, String reason) {
        JobLifetimeReader reader = new JobLifetimeReader(
                jobId,
                () -> CompletableFuture.failedFuture(new IllegalStateException("not asked")),
                ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT));
        reader.asked.set(true);
        reader.lifetime.completeExceptionally(
                new IllegalStateException("Lifetime of job " + jobId + " not read: " + reason));
        return reader;
    }

    /**
     * The job's lifetime; completes once the cluster told it, exceptionally when it could not (the cluster did not
     * answer, or the job did not end in time). Never completes if the job's end is never reported.
     */
    public CompletableFuture<JobLifetime> lifetime() {
        return lifetime;
    }

    /** A {@link JobEndWatcher} watches the job and will call {@link #jobEnded()}: the statement's end does not ask. */
    void watched() {
        watched = true;
    }

    /** The job's status is final, or its watch stopped: its details are asked now. */
    void jobEnded() {
        read();
    }

    /** The statement that ran the job ended; its details are asked now unless a watcher waits for the job's end. */
    public void statementEnded() {
        if (!watched) {
            read();
        }
    }

    /**
     * Asks the job's details once, now, if nobody asked yet: for a watcher that expects the job to have ended (the
     * query's result has), so that one request tells both the job's end and its lifetime. Details that do not show the
     * end leave the reader as it was, to be read when the job's end is known.
     *
     * @return the lifetime, if the details showed the job's end
     */
    CompletableFuture<Optional<JobLifetime>> readIfEnded() {
        if (asked.get()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        CompletableFuture<JobDetailsInfo> request;
        try {
            request = details.get();
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return request.handle((info, failure) -> {
            Optional<JobLifetime> known = failure == null ? JobLifetime.of(info) : Optional.empty();
            if (known.isPresent() && asked.compareAndSet(false, true)) {
                lifetime.complete(known.get());
            }
            return known;
        });
    }

    private void read() {
        if (asked.compareAndSet(false, true)) {
            cacheTtl.ttl().thenAccept(ttl -> ask(0, retryDelays(ttl)));
        }
    }

    private void ask(int attempt, List<Duration> retryDelays) {
        CompletableFuture<JobDetailsInfo> request;
        try {
            request = details.get();
        } catch (RuntimeException e) {
            request = CompletableFuture.failedFuture(e);
        }
        request.whenComplete((info, failure) -> {
            Optional<JobLifetime> known = failure == null ? JobLifetime.of(info) : Optional.empty();
            if (known.isPresent()) {
                lifetime.complete(known.get());
            } else if (attempt < retryDelays.size()) {
                afterDelay.apply(retryDelays.get(attempt)).execute(() -> ask(attempt + 1, retryDelays));
            } else {
                String why = failure != null
                        ? "its details could not be read: " + failure
                        : "it was still " + info.getJobStatus() + " after " + (attempt + 1) + " requests";
                LOG.debug("Lifetime of job {} not known: {}", jobId, why);
                lifetime.completeExceptionally(
                        new IllegalStateException("Lifetime of job " + jobId + " not known: " + why));
            }
        });
    }
}
