package dev.sluice.jobs;

import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Tells when jobs end, for every pushed query of the gateway, with one status request per job and interval.
 *
 * <p>Why not the job client's {@code getJobExecutionResult()}: Flink's REST client polls a job's result from 10 ms on,
 * doubling up to 2 s, on a timer of its own for every job, and keeps polling while the job winds down after its
 * result has reached the gateway; at a few hundred short queries a second those polls are a good part of the
 * JobManager's REST work. A pushed query needs the job's end only to fail its result when the job dies before the
 * sink has sent the end, so one shared timer asks each watched job's status ({@code /jobs/:id/status}, a few bytes)
 * once per interval for its first second, then less often, doubling up to every 2 s. Only a job that failed costs one more
 * request, for its cause.
 *
 * <p>Thread-safe; one daemon thread for the whole gateway.
 */
public final class JobEndWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobEndWatcher.class);

    /** How often the jobs' status is asked by default. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(100);

    // status requests failing in a row, each because the cluster cannot be reached, after which a job's end is
    // reported as that failure: a cluster that is gone cannot report the job's end, and the reader must learn why
    static final int UNREACHABLE_AFTER = 3;
    // a job watched longer than this is asked less and less often, at most every MAX_DELAY, so that a long query does
    // not cost the JobManager ten requests a second; short queries, the ones that count, are asked every interval
    private static final long STEADY_NANOS = Duration.ofSeconds(1).toNanos();
    private static final long MAX_DELAY_NANOS = Duration.ofSeconds(2).toNanos();

    private final Duration interval;
    private final LongSupplier nanoClock;
    private final @Nullable ScheduledExecutorService timer;
    private final Map<JobID, Watch> watched = new ConcurrentHashMap<>();

    /** Asks every {@code interval} on a daemon thread of its own, on {@link System#nanoTime()}. */
    public JobEndWatcher(Duration interval) {
        this(interval, System::nanoTime, true);
    }

    /**
     * @param nanoClock the time the watches' delays are measured on
     * @param ownTimer whether a thread of its own asks every interval; without, whoever made it calls {@link #tick}
     */
    JobEndWatcher(Duration interval, LongSupplier nanoClock, boolean ownTimer) {
        this.interval = requireNonNull(interval, "interval is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive, was " + interval);
        }
        if (!ownTimer) {
            this.timer = null;
            return;
        }
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "sluice-job-end-watcher");
            thread.setDaemon(true);
            return thread;
        });
        long millis = Math.max(1, interval.toMillis());
        timer.scheduleWithFixedDelay(this::tick, millis, millis, TimeUnit.MILLISECONDS);
    }

    public Duration interval() {
        return interval;
    }

    /**
     * Watches {@code job} until it ends or the watch is closed. A job a session submitted also has its lifetime read
     * once its status is final (see {@link JobLifetimeReader}).
     */
    public Watch watch(JobClient job) {
        return watch(job, job instanceof SubmittedJobClient sessionJob ? sessionJob.lifetime() : null);
    }

    /**
     * Watches {@code job}, whose lifetime {@code lifetime} reads once its status is final.
     *
     * @param lifetime the job's lifetime reader; null if nobody reads it
     */
    Watch watch(JobClient job, @Nullable JobLifetimeReader lifetime) {
        Watch watch = new Watch(job, lifetime);
        watched.put(job.getJobID(), watch);
        return watch;
    }

    /** How many jobs are watched now. */
    public int watchedJobs() {
        return watched.size();
    }

    /** Asks each watched job whose ask is due; the timer's one step. */
    void tick() {
        for (Watch watch : watched.values()) {
            try {
                watch.ask();
            } catch (RuntimeException e) { // one job's trouble must not stop the timer for the others
                LOG.debug("Asking the status of job {} failed", watch.job.getJobID(), e);
            }
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
        watched.values().forEach(watch -> watch.end.cancel(false));
        watched.clear();
    }

    /** One watched job. */
    public final class Watch implements AutoCloseable {
        private final JobClient job;
        private final CompletableFuture<JobStatus> end = new CompletableFuture<>();
        // at most one status request of this job in flight: a JobManager slower than the interval is not piled on
        private final AtomicBoolean asking = new AtomicBoolean();
        private int unreachableInARow; // only in the status request's completion, one at a time
        private final long watchedSinceNanos = nanoClock.getAsLong();
        private final @Nullable JobLifetimeReader lifetime;
        // read and written only on the timer's thread; the first ask is due one interval after the submission, at the
        // tick nearest to it: a short query's job has mostly ended by then, so one request tells its end, where an ask
        // at the next tick (at once, on average half an interval in) mostly found it still running and asked again
        private long nextAskNanos = watchedSinceNanos + interval.toNanos() / 2;
        private long delayNanos = interval.toNanos();
        private volatile BooleanSupplier resultsEnded = () -> false;
        // read and written only on the timer's thread
        private boolean detailsAsked;

        private Watch(JobClient job, @Nullable JobLifetimeReader lifetime) {
            this.job = requireNonNull(job, "job is null");
            this.lifetime = lifetime;
            if (lifetime != null) {
                // the job's details are fresh only once its status is final, which this watch learns first
                lifetime.watched();
                end.whenComplete((status, failure) -> lifetime.jobEnded());
            }
        }

        /**
         * Lets the first ask after {@code resultsEnded} holds be for the job's details rather than its status: once
         * the results of the job's queries have ended, the job has mostly ended too, and its details tell both its end
         * and its lifetime in one request, where a status request and a details request took two. Details that do not
         * show the end yet are not asked again (the JobManager would answer from its cache, stale for its web refresh
         * interval); the status is asked as before.
         */
        public void askDetailsOnceResultsEnded(BooleanSupplier resultsEnded) {
            this.resultsEnded = requireNonNull(resultsEnded, "resultsEnded is null");
        }

        /**
         * Completes with the status the job ended in when it finished; exceptionally with the job's cause when it failed
         * or was cancelled (from the job's result, as Flink's job client reports it), or with the cluster's failure when its status could not be asked a few times in a row
         * because the cluster cannot be reached; never when the watch is closed first.
         */
        public CompletableFuture<JobStatus> end() {
            return end;
        }

        private void ask() {
            long now = nanoClock.getAsLong();
            if (end.isDone() || now - nextAskNanos < 0 || !asking.compareAndSet(false, true)) {
                return;
            }
            if (now - watchedSinceNanos > STEADY_NANOS) {
                delayNanos = Math.min(MAX_DELAY_NANOS, delayNanos * 2);
            }
            nextAskNanos = now + delayNanos - interval.toNanos() / 2; // due at the tick nearest the delay
            if (lifetime != null && !detailsAsked && resultsEnded.getAsBoolean()) {
                detailsAsked = true;
                lifetime.readIfEnded().whenComplete((known, failure) -> {
                    asking.set(false);
                    if (known != null && known.isPresent()) {
                        endWith(known.get().status());
                    }
                });
                return;
            }
            job.getJobStatus().whenComplete((status, failure) -> {
                asking.set(false);
                if (failure != null) {
                    unreachableInARow = ClusterUnavailableException.isUnreachable(failure) ? unreachableInARow + 1 : 0;
                    if (unreachableInARow >= UNREACHABLE_AFTER) {
                        stopWatching();
                        end.completeExceptionally(failure);
                    } else {
                        // a status the JobManager could not give (a restart, a slow answer) is asked again next time
                        LOG.debug("Status of job {} not known: {}", job.getJobID(), failure.toString());
                    }
                    return;
                }
                unreachableInARow = 0;
                if (status.isGloballyTerminalState()) {
                    endWith(status);
                }
            });
        }

        private void endWith(JobStatus status) {
            stopWatching();
            if (status == JobStatus.FAILED || status == JobStatus.CANCELED) {
                failWithCause(status); // the job's result says why: its failure, or that it was cancelled
            } else {
                end.complete(status);
            }
        }

        private void failWithCause(JobStatus status) {
            job.getJobExecutionResult().whenComplete((result, failure) -> {
                if (failure != null) {
                    end.completeExceptionally(failure);
                } else {
                    end.complete(status);
                }
            });
        }

        private void stopWatching() {
            watched.remove(job.getJobID(), this);
        }

        /** Stops watching; the job goes on as it is. */
        @Override
        public void close() {
            stopWatching();
            if (lifetime != null) {
                lifetime.jobEnded(); // nobody will say when the job ends: its details are asked until they tell
            }
        }
    }
}
