package dev.sluice.jobs;

import dev.sluice.jobs.admission.AdmissionTicket;
import dev.sluice.jobs.admission.ClusterAdmission;
import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.jobs.admission.JobRider;
import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.RetryExhaustedException;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.client.cli.ClientOptions;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * Submits a session's jobs to its cluster through {@link ClusterClients}, instead of Flink's remote executor, which
 * builds a cluster descriptor and a REST client for every job. The returned job client asks the same source for
 * every status poll, result fetch and cancel.
 */
public final class ClusterPipelineExecutor implements PipelineExecutor, JobSubmissions {
    /** The {@code execution.target} of sessions that run through this executor. */
    public static final String NAME = "sluice-session";

    private final ClusterEndpoint cluster;
    private final ClusterClients clients;
    private final ClusterAdmission admission;
    private final JobJars jobJars;
    // the user whose share of the cluster's places the session's jobs take
    private final String user;
    // the time every wait of a submission is measured on
    private final LongSupplier nanoClock;
    // the place in the admission queue of the statement that waits now, so that a cancel from another thread finds it
    private final AtomicReference<@Nullable AdmissionTicket> waiting = new AtomicReference<>();
    // the timings of the job Flink submitted through execute, taken by the submission that made Flink do it
    private final AtomicReference<@Nullable SubmissionTimings> lastSubmission = new AtomicReference<>();
    // the wait of the last strategy seen; sessions rarely change theirs, so it is rarely rebuilt
    private volatile JobStartWait jobStartWait;
    // the job of the submission running now (a session runs one statement at a time), set by submit for Flink's call
    // back into execute, which takes it; what is left here when the submission ends never reached the cluster
    private final AtomicReference<@Nullable NextJob> nextJob = new AtomicReference<>();
    // the job this executor submitted last for a request that carries several sessions' queries
    private final AtomicReference<@Nullable JobID> lastSharedJob = new AtomicReference<>();

    /**
     * @param jobJars jars that travel with every job this executor submits
     * @param user the session's user, whose share of the cluster's places its jobs take;
     *     {@link ClusterAdmission#NO_USER} when none is named
     */
    public ClusterPipelineExecutor(
            ClusterEndpoint cluster, ClusterClients clients, ClusterAdmission admission, JobJars jobJars, String user) {
        this(cluster, clients, admission, jobJars, user, System::nanoTime);
    }

    /** @param nanoClock monotonic time in nanoseconds, {@code System::nanoTime} outside tests */
    ClusterPipelineExecutor(
            ClusterEndpoint cluster,
            ClusterClients clients,
            ClusterAdmission admission,
            JobJars jobJars,
            String user,
            LongSupplier nanoClock) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.clients = requireNonNull(clients, "clients is null");
        this.admission = requireNonNull(admission, "admission is null");
        this.jobJars = requireNonNull(jobJars, "jobJars is null");
        this.user = requireNonNull(user, "user is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
        this.jobStartWait = new JobStartWait(CollectStrategy.from(new Configuration()), nanoClock);
    }

    public ClusterPipelineExecutor(ClusterEndpoint cluster, ClusterClients clients, ClusterAdmission admission) {
        this(cluster, clients, admission, JobJars.NONE, ClusterAdmission.NO_USER);
    }

    /** An executor without admission: every job goes straight to the cluster. */
    public ClusterPipelineExecutor(ClusterEndpoint cluster, ClusterClients clients) {
        this(cluster, clients, ClusterAdmission.unlimited());
    }

    @Override
    public CompletableFuture<JobClient> execute(
            Pipeline pipeline, Configuration configuration, ClassLoader userCodeClassLoader) throws Exception {
        long compiledNanos = nanoClock.getAsLong();
        NextJob request = nextJob.getAndSet(null);
        JobPlace admitted = request == null ? null : request.place();
        StreamGraph streamGraph;
        try {
            streamGraph = PipelineExecutorUtils.getStreamGraph(pipeline, configuration);
            if (request != null
                    && configuration.getOptional(PipelineOptions.NAME).isEmpty()) {
                // Flink would name the job after its sink; a name the session chose itself is kept
                streamGraph.setJobName(request.request().name());
            }
            if (request != null && request.request().shared()) {
                // Flink gives each pipelined region of a batch job a task slot of its own; the queries of a shared
                // job are its regions, and admission let it in for one slot, so they share that one
                streamGraph.setAllVerticesInSameSlotSharingGroupByDefault(true);
            }
            describeOperatorsByName(streamGraph);
            jobJars.addTo(streamGraph);
            streamGraph.serializeUserDefinedInstances();
        } catch (Exception | Error e) {
            if (admitted != null) {
                admitted.permit().close(); // the job will not run
            }
            throw e;
        }
        if (admitted == null) {
            JobPermit permit = admit(configuration, request, null);
            admitted = new JobPlace(permit, compiledNanos, nanoClock.getAsLong());
        }
        JobPermit permit = admitted.permit();
        try {
            return submit(
                    streamGraph,
                    configuration,
                    userCodeClassLoader,
                    admitted.enqueuedNanos(),
                    admitted.admittedNanos(),
                    permit,
                    request);
        } catch (Exception | Error e) {
            permit.close(); // the job never ran, or nobody will read it
            throw e;
        }
    }

    /**
     * Flink's planner describes each operator by its whole expression, literals included ({@code Calc(select=['secret'
     * AS x])}), and the cluster shows those descriptions in its web UI and REST API (a job's plan) to anyone who can
     * reach it. The operators' names ({@code Calc[2]}, as sessions keep Flink's simplified names) describe them instead.
     */
    private static void describeOperatorsByName(StreamGraph streamGraph) {
        for (StreamNode node : streamGraph.getStreamNodes()) {
            node.setOperatorDescription(node.getOperatorName());
        }
    }

    /**
     * Waits for the cluster's admission, in order of arrival, at most {@code client.timeout} (the wait Flink's own
     * client gives a submission) and no longer than the statement has left.
     */
    private JobPermit admit(ReadableConfig configuration, @Nullable NextJob request, @Nullable JobRider rider) {
        long enqueuedNanos = nanoClock.getAsLong();
        Duration clientTimeout = configuration.get(ClientOptions.CLIENT_TIMEOUT);
        SubmissionBound bound = request == null
                ? SubmissionBound.of(null, enqueuedNanos, clientTimeout, enqueuedNanos)
                : SubmissionBound.of(request.request(), request.requestedNanos(), clientTimeout, enqueuedNanos);
        AdmissionTicket ticket = admission.enqueue(user, rider);
        waiting.set(ticket);
        try {
            return ticket.await(bound.remaining(nanoClock.getAsLong()), bound.timeoutKey());
        } finally {
            waiting.set(null);
        }
    }

    /**
     * Waits for the cluster's admission of the running statement's job before the statement builds it, so that an
     * admitted query can take waiting ones into its job ({@link #takeRiders}). The returned job holds the place; its
     * submission takes it instead of waiting again. A place that {@link JobPermit#rides() rides} in another query's job
     * is the caller's to close.
     *
     * @param rider the statement's query, if it may ride in another's job
     */
    @Override
    public NextJob admitNextJob(NextJob job, ReadableConfig configuration, @Nullable JobRider rider) {
        long enqueuedNanos = nanoClock.getAsLong();
        JobPermit permit = admit(configuration, requireNonNull(job, "job is null"), rider);
        return job.holding(new JobPlace(permit, enqueuedNanos, nanoClock.getAsLong()));
    }

    /**
     * Whether {@code jobId} is the job this executor submitted last, and it carries several sessions' queries: asked
     * by whoever records the owners of a session's jobs, right after the submission, so that no session owns (and may
     * stop) a job that carries other sessions' queries.
     */
    public boolean submittedShared(JobID jobId) {
        return jobId.equals(lastSharedJob.get());
    }

    @Override
    public List<JobRider> takeRiders(JobPermit permit, JobRider leader) {
        return admission.takeRiders(permit, leader);
    }

    @Override
    public int maxQueriesPerJob() {
        return admission.maxQueriesPerJob();
    }

    /**
     * Takes the statement that waits for admission now, if any, out of the queue; it fails with
     * {@link dev.sluice.jobs.admission.AdmissionCancelledException}. Safe from any thread.
     */
    @Override
    public void cancelWaiting() {
        AdmissionTicket ticket = waiting.get();
        if (ticket != null) {
            ticket.cancel();
        }
    }

    private CompletableFuture<JobClient> submit(
            StreamGraph streamGraph,
            Configuration configuration,
            ClassLoader userCodeClassLoader,
            long compiledNanos,
            long admittedNanos,
            JobPermit permit,
            @Nullable NextJob request)
            throws Exception {
        Duration clientTimeout = configuration.get(ClientOptions.CLIENT_TIMEOUT);
        SubmissionBound bound = request == null
                ? SubmissionBound.of(null, admittedNanos, clientTimeout, admittedNanos)
                // the statement's wait for admission is spent from its time left
                : SubmissionBound.of(request.request(), request.requestedNanos(), clientTimeout, admittedNanos);
        ClusterClientProvider<StandaloneClusterId> provider = clients.provider(cluster);
        ClusterClient<StandaloneClusterId> client = provider.getClusterClient();
        try {
            JobID jobId = awaitSubmission(client.submitJob(streamGraph), bound, provider);
            long submittedNanos = nanoClock.getAsLong();
            if (request != null && request.request().shared()) {
                lastSharedJob.set(jobId);
            }
            SubmittedJobClient job = new SubmittedJobClient(provider, jobId, userCodeClassLoader, client);
            if (request != null && request.skipStartWait()) {
                lastSubmission.set(new SubmissionTimings(
                        jobId, compiledNanos, admittedNanos, submittedNanos, submittedNanos, permit, job.lifetime()));
                return CompletableFuture.completedFuture(job);
            }
            try {
                jobStartWait(configuration)
                        .await(client, jobId, userCodeClassLoader, bound.remaining(nanoClock.getAsLong()));
            } catch (JobStartWait.ClusterSilentException e) {
                client.cancel(jobId); // asked in the background; nobody will read the job
                throw new ClusterNotAnsweringException(
                        cluster,
                        "job " + jobId + "'s status",
                        bound.elapsed(nanoClock.getAsLong()),
                        bound.timeoutKey(),
                        bound.limit(),
                        e);
            } catch (DeadlineExceededException | RetryExhaustedException e) {
                client.cancel(jobId); // nobody will read a job that did not start in time
                throw QueryTimeoutException.of(
                        "Job " + jobId + " was still initializing",
                        e,
                        ClientOptions.CLIENT_TIMEOUT.key(),
                        configuration.get(ClientOptions.CLIENT_TIMEOUT),
                        e.elapsed());
            }
            lastSubmission.set(new SubmissionTimings(
                    jobId,
                    compiledNanos,
                    admittedNanos,
                    submittedNanos,
                    nanoClock.getAsLong(),
                    permit,
                    job.lifetime()));
            return CompletableFuture.completedFuture(job);
        } catch (Exception e) {
            Optional<ClusterUnavailableException> unavailable = ClusterUnavailableException.judge(cluster, e);
            if (unavailable.isPresent()) {
                throw unavailable.get();
            }
            throw e;
        } finally {
            client.close();
        }
    }

    /**
     * Waits for the cluster to acknowledge a submission within {@code bound}. A cluster that accepted the connection
     * but does not answer (a hung or paused JobManager) would hold the statement, and its session, for Flink's REST
     * timeouts (minutes); past the bound the statement is given up, and should the cluster take the job after all, it
     * is cancelled as soon as it answers.
     */
    private JobID awaitSubmission(
            CompletableFuture<JobID> submission,
            SubmissionBound bound,
            ClusterClientProvider<StandaloneClusterId> provider)
            throws Exception {
        try {
            return submission.get(bound.remaining(nanoClock.getAsLong()).toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            submission.thenAccept(late -> cancelLateJob(provider, late));
            throw new ClusterNotAnsweringException(
                    cluster,
                    "the job's submission",
                    bound.elapsed(nanoClock.getAsLong()),
                    bound.timeoutKey(),
                    bound.limit(),
                    e);
        }
    }

    private static void cancelLateJob(ClusterClientProvider<StandaloneClusterId> provider, JobID jobId) {
        try (ClusterClient<StandaloneClusterId> client = provider.getClusterClient()) {
            client.cancel(jobId);
        }
    }

    @Override
    public <T> Submitted<T> submit(NextJob job, Supplier<T> submission) {
        requireNonNull(submission, "submission is null");
        SubmissionTimings stray = lastSubmission.getAndSet(null);
        if (stray != null) {
            stray.permit().close(); // a job Flink submitted outside a submission: nobody took it
        }
        nextJob.set(requireNonNull(job, "job is null"));
        try {
            T value = submission.get();
            return new Submitted<>(value, lastSubmission.getAndSet(null));
        } catch (RuntimeException | Error e) {
            SubmissionTimings orphan = lastSubmission.getAndSet(null);
            if (orphan != null) {
                orphan.permit().close(); // a job went out for a statement that failed: nobody will read it
            }
            throw e;
        } finally {
            NextJob unused = nextJob.getAndSet(null);
            if (unused != null && unused.place() != null) {
                unused.place().permit().close(); // a submission that made Flink submit no job gives its place back
            }
        }
    }

    /** The wait on the session's collect strategy, which {@code configuration} carries with the session's options. */
    private JobStartWait jobStartWait(Configuration configuration) {
        CollectStrategy strategy = CollectStrategy.from(configuration);
        JobStartWait current = jobStartWait;
        if (!current.strategy().equals(strategy)) {
            current = new JobStartWait(strategy, nanoClock);
            jobStartWait = current;
        }
        return current;
    }

    /** Hands this executor to a StreamExecutionEnvironment, whatever {@code execution.target} says. */
    public PipelineExecutorServiceLoader asServiceLoader() {
        PipelineExecutorFactory factory = new PipelineExecutorFactory() {
            @Override
            public String getName() {
                return NAME;
            }

            @Override
            public boolean isCompatibleWith(Configuration configuration) {
                return true;
            }

            @Override
            public PipelineExecutor getExecutor(Configuration configuration) {
                return ClusterPipelineExecutor.this;
            }
        };
        return new PipelineExecutorServiceLoader() {
            @Override
            public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
                return factory;
            }

            @Override
            public Stream<String> getExecutorNames() {
                return Stream.of(NAME);
            }
        };
    }
}
