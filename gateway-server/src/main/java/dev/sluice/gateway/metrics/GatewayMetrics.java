package dev.sluice.gateway.metrics;

import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryPhases;
import dev.sluice.gateway.http.ConnectionStats;
import dev.sluice.gateway.push.PushBufferStats;
import dev.sluice.gateway.push.ResultTransport;
import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.resultcache.ResultCacheStats;
import dev.sluice.gateway.security.AuthenticationFailures;
import dev.sluice.jobs.admission.ClusterAdmissions;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;
import dev.sluice.sessioncache.ClusterClientStats;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The gateway's metrics: per cluster, how many cluster descriptors, REST clients and leader retrievers were created
 * (one each with reuse on), queries by kind and outcome and those running, a latency histogram per query phase, open
 * sessions, the TCP connections, HTTP requests and TLS handshakes of the gateway port, and the JVM's own figures.
 */
public final class GatewayMetrics implements QueryObserver {
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Counter queries;
    private final Gauge running;
    private final Histogram phases;
    private final Counter planCache;
    private final Histogram planning;
    private final Histogram jobLifetime;
    private final Histogram beyondJob;

    public GatewayMetrics(List<String> clusters, ClusterClientStats stats, ConnectionStats connections) {
        requireNonNull(clusters, "clusters is null");
        requireNonNull(stats, "stats is null");
        requireNonNull(connections, "connections is null");
        registerConnectionMetrics(connections);
        // heap and other memory pools, GC, threads, class loading, file descriptors, CPU and uptime of this JVM
        JvmMetrics.builder().register(registry);
        CounterWithCallback.builder()
                .name("sluice_cluster_descriptors_created_total")
                .help("Cluster descriptors (cached cluster entries) created")
                .labelNames("cluster")
                .callback(callback ->
                        clusters.forEach(cluster -> callback.call(stats.descriptorsCreated(cluster), cluster)))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_cluster_clients_created_total")
                .help("REST cluster clients created")
                .labelNames("cluster")
                .callback(
                        callback -> clusters.forEach(cluster -> callback.call(stats.clientsCreated(cluster), cluster)))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_leader_retrievers_created_total")
                .help("Leader retrievers (client high-availability services) created")
                .labelNames("cluster")
                .callback(callback ->
                        clusters.forEach(cluster -> callback.call(stats.leaderRetrieversCreated(cluster), cluster)))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_cluster_clients_closed_total")
                .help("Shared REST cluster clients closed (evicted when idle, or at shutdown)")
                .labelNames("cluster")
                .callback(callback -> clusters.forEach(cluster -> callback.call(stats.clientsClosed(cluster), cluster)))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_rest_connections_opened_total")
                .help("TCP connections opened to the cluster's JobManager REST endpoints: a few per cluster with pooled"
                        + " keep-alive connections, one per REST request with Flink's own client")
                .labelNames("cluster")
                .callback(callback ->
                        clusters.forEach(cluster -> callback.call(stats.restConnectionsOpened(cluster), cluster)))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_rest_requests_total")
                .help("Requests sent to the cluster's JobManager REST endpoints on pooled connections (submissions,"
                        + " status requests, result polls of collected queries): the JobManager's REST work")
                .labelNames("cluster")
                .callback(callback -> clusters.forEach(cluster -> callback.call(stats.restRequests(cluster), cluster)))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_rest_connections_open")
                .help("TCP connections to the cluster's JobManager REST endpoints open now")
                .labelNames("cluster")
                .callback(callback ->
                        clusters.forEach(cluster -> callback.call(stats.restConnectionsOpen(cluster), cluster)))
                .register(registry);
        this.queries = Counter.builder()
                .name("sluice_queries_total")
                .help("Statements ended, by cluster, kind and outcome: success, failure, cancelled (closed before the"
                        + " end of the result, or the job cancelled) or timeout")
                .labelNames("cluster", "kind", "outcome")
                .register(registry);
        this.running = Gauge.builder()
                .name("sluice_queries_running")
                .help("Statements started and not yet ended, including queries whose result is still being read")
                .labelNames("cluster")
                .register(registry);
        this.phases = Histogram.builder()
                .name("sluice_query_phase_seconds")
                .help(
                        "Latency of query phases: execute = from the request until the result can be fetched; plan, submit,"
                                + " queue, submit, start, first_row and last_row as SHOW QUERY HISTORY shows them")
                .labelNames("cluster", "phase")
                .classicOnly()
                .classicUpperBounds(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
                .register(registry);
        this.jobLifetime = Histogram.builder()
                .name("sluice_query_job_seconds")
                .help("Own lifetime of successful statements' jobs, from their creation to their end as the cluster"
                        + " recorded it: the fastest any gateway could answer them")
                .labelNames("cluster")
                .classicOnly()
                .classicUpperBounds(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
                .register(registry);
        this.beyondJob = Histogram.builder()
                .name("sluice_query_beyond_job_seconds")
                .help("Time the client of a successful statement with a job waited beyond the job's own lifetime:"
                        + " planning, submission and the result's way through the gateway and the driver (a pushed"
                        + " query whose client had its rows before its job wound down counts as 0)")
                .labelNames("cluster")
                .classicOnly()
                .classicUpperBounds(0.001, 0.0025, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5)
                .register(registry);
        this.planCache = Counter.builder()
                .name("sluice_plan_cache_total")
                .help("Queries planned, by cluster, plan (constant: answered without a job; job) and plan cache"
                        + " result (hit: reused; miss: planned and cached; skip: planned, not cacheable or cache off)")
                .labelNames("cluster", "plan", "result")
                .register(registry);
        this.planning = Histogram.builder()
                .name("sluice_planning_seconds")
                .help("Time to find (hit) or build (miss, skip) a query's plan: a constant query's rows, or a job's"
                        + " plan phase until the job went to the executor")
                .labelNames("plan", "cache")
                .classicOnly()
                .classicUpperBounds(
                        0.00001, 0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5)
                .register(registry);
    }

    /** Gauges of each cluster's admission: jobs in flight and queries waiting. */
    public void registerAdmission(List<String> clusters, ClusterAdmissions admissions) {
        GaugeWithCallback.builder()
                .name("sluice_admission_running_jobs")
                .help("Jobs the gateway has let into the cluster and not yet seen end")
                .labelNames("cluster")
                .callback(callback -> clusters.forEach(cluster -> callback.call(admissions.running(cluster), cluster)))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_admission_queued")
                .help("Queries waiting, in order of arrival, for the cluster's admission")
                .labelNames("cluster")
                .callback(callback -> clusters.forEach(cluster -> callback.call(admissions.queued(cluster), cluster)))
                .register(registry);
    }

    /** The result cache: queries answered from it or not, what it holds, and what it dropped. */
    public void registerResultCache(Supplier<ResultCacheStats> stats) {
        requireNonNull(stats, "stats is null");
        CounterWithCallback.builder()
                .name("sluice_result_cache_requests_total")
                .help("Queries the result cache was asked for, by result: hit (answered from memory, no job) or miss")
                .labelNames("result")
                .callback(callback -> {
                    ResultCacheStats now = stats.get();
                    callback.call(now.hits(), "hit");
                    callback.call(now.misses(), "miss");
                })
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_cache_bytes")
                .help("Estimated heap of the results the result cache holds")
                .callback(callback -> callback.call(stats.get().bytes()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_cache_entries")
                .help("Entries the result cache holds")
                .callback(callback -> callback.call(stats.get().entries()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_result_cache_evictions_total")
                .help("Results the result cache let go for room, or at the end of their time-to-live")
                .callback(callback -> callback.call(stats.get().evictions()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_result_cache_invalidations_total")
                .help("Results the result cache dropped because what they read changed or was written")
                .callback(callback -> callback.call(stats.get().invalidations()))
                .register(registry);
    }

    /** Requests refused because their credentials were missing or wrong, by the method that failed. */
    public void registerAuthentication(AuthenticationFailures failures) {
        requireNonNull(failures, "failures is null");
        CounterWithCallback.builder()
                .name("sluice_authentication_failures_total")
                .help("Requests refused for missing or wrong credentials, by the method that failed")
                .labelNames("method")
                .callback(callback -> failures.snapshot().forEach((method, count) -> callback.call(count, method)))
                .register(registry);
    }

    /** The gauge of open sessions. */
    public void registerSessions(IntSupplier openSessions) {
        GaugeWithCallback.builder()
                .name("sluice_sessions_open")
                .help("Sessions (JDBC connections) open now")
                .callback(callback -> callback.call(openSessions.getAsInt()))
                .register(registry);
    }

    /**
     * Which way each cluster's query results reach the gateway: 1 for the transport in use, 0 for the other; a
     * cluster switches from PUSH to COLLECT when its TaskManagers cannot reach the result endpoint.
     */
    public void registerResultTransports(List<String> clusters, Function<String, ResultTransport> transportOf) {
        GaugeWithCallback.builder()
                .name("sluice_result_transport")
                .help("1 for the way the cluster's query results reach the gateway (PUSH or COLLECT), 0 otherwise")
                .labelNames("cluster", "transport")
                .callback(callback -> clusters.forEach(cluster -> {
                    ResultTransport current = transportOf.apply(cluster);
                    for (ResultTransport transport : ResultTransport.values()) {
                        callback.call(transport == current ? 1 : 0, cluster, transport.name());
                    }
                }))
                .register(registry);
    }

    /**
     * A histogram of the rows in each frame of a result answered to a client, by execute or fetch.
     *
     * @return what to tell the rows of each frame
     */
    public IntConsumer registerFrames() {
        Histogram frameRows = Histogram.builder()
                .name("sluice_result_frame_rows")
                .help("Rows in each frame of a result answered to a client: its fetch size when it gives one, else"
                        + " as many as fit sluice.result.frame.target-size, fewer when the job has no more yet")
                .classicOnly()
                .classicUpperBounds(1, 10, 100, 1_000, 10_000, 100_000, 1_000_000)
                .register(registry);
        return frameRows::observe;
    }

    /** Gauges of what pushed results hold in the gateway's heap (only when results are pushed). */
    public void registerPushedResults(PushBufferStats stats, IntSupplier openResults, LongSupplier refusedConnections) {
        CounterWithCallback.builder()
                .name("sluice_result_connections_refused_total")
                .help("Connections to the result endpoint refused: an unknown result, a wrong secret or a bad hello")
                .callback(callback -> callback.call(refusedConnections.getAsLong()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_pushed_open")
                .help("Pushed results open on the result endpoint")
                .callback(callback -> callback.call(openResults.getAsInt()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_pushed_buffered_bytes")
                .help("Bytes of pushed rows the gateway holds that their clients have not fetched yet")
                .callback(callback -> callback.call(stats.bufferedBytes()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_pushed_buffered_bytes_peak")
                .help("The most bytes of pushed rows one result has held at once since the gateway started; bounded"
                        + " by sluice.result.max-buffered-bytes plus the frames of one socket read")
                .callback(callback -> callback.call(stats.peakResultBytes()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_result_pushed_paused")
                .help("Pushed results whose buffer is full: the gateway does not read their sink's connection, so"
                        + " the sink blocks until the client fetches")
                .callback(callback -> callback.call(stats.pausedResults()))
                .register(registry);
    }

    @Override
    public void planned(String cluster, PlanKind plan, PlanCacheResult cacheResult, long planNanos) {
        planCache.labelValues(cluster, plan.label(), cacheResult.label()).inc();
        planning.labelValues(plan.label(), cacheResult.label()).observe(planNanos / 1e9);
    }

    private void registerConnectionMetrics(ConnectionStats connections) {
        CounterWithCallback.builder()
                .name("sluice_connections_accepted_total")
                .help("TCP connections accepted on the gateway port; with keep-alive, far fewer than requests")
                .callback(callback -> callback.call(connections.acceptedConnections()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_connections_refused_total")
                .help("Connections beyond sluice.server.max-connections or max-connections-per-address, answered 503"
                        + " and closed")
                .callback(callback -> callback.call(connections.refusedConnections()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_connections_silent_closed_total")
                .help("Connections closed because they sent no request within sluice.server.first-request-timeout")
                .callback(callback -> callback.call(connections.silentClosedConnections()))
                .register(registry);
        GaugeWithCallback.builder()
                .name("sluice_connections_open")
                .help("TCP connections open on the gateway port")
                .callback(callback -> callback.call(connections.openConnections()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_http_requests_total")
                .help("HTTP requests received on the gateway port")
                .callback(callback -> callback.call(connections.requests()))
                .register(registry);
        CounterWithCallback.builder()
                .name("sluice_tls_handshakes_total")
                .help(
                        "TLS handshakes on the gateway port by outcome; plaintext clients on the TLS port count as failed")
                .labelNames("outcome")
                .callback(callback -> {
                    callback.call(connections.tlsHandshakesSucceeded(), "success");
                    callback.call(connections.tlsHandshakesFailed(), "failure");
                })
                .register(registry);
    }

    @Override
    public void executed(String cluster, StatementKind kind, long executeNanos, boolean succeeded) {
        if (succeeded) {
            phases.labelValues(cluster, "execute").observe(executeNanos / 1e9);
        }
    }

    @Override
    public void started(String cluster, StatementKind kind) {
        running.labelValues(cluster).inc();
    }

    @Override
    public void finished(String cluster, StatementKind kind, QueryOutcome outcome, QueryPhases queryPhases) {
        running.labelValues(cluster).dec();
        queries.labelValues(cluster, kind.name().toLowerCase(Locale.ROOT), outcome.label())
                .inc();
        // the phase histograms time work that was done: a failed or cut-short statement would only blur them
        if (outcome == QueryOutcome.SUCCESS) {
            queryPhases
                    .durations()
                    .forEach((phase, duration) ->
                            phases.labelValues(cluster, phase).observe(duration.toNanos() / 1e9));
        }
    }

    @Override
    public void jobLived(String cluster, QueryOutcome outcome, Duration lifetime, Duration beyondJobTime) {
        if (outcome == QueryOutcome.SUCCESS) {
            jobLifetime.labelValues(cluster).observe(lifetime.toNanos() / 1e9);
            beyondJob.labelValues(cluster).observe(Math.max(0, beyondJobTime.toNanos()) / 1e9);
        }
    }

    /** The current values in Prometheus text format. */
    public byte[] scrape() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException("Writing metrics to memory failed", e);
        }
        return out.toByteArray();
    }
}
