package dev.sluice.session;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.client.cli.ClientOptions;
import org.apache.flink.client.deployment.ClusterClientJobClientAdapter;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * Submits a session's jobs to its cluster through {@link ClusterClients}, instead of Flink's remote executor, which
 * builds a cluster descriptor and a REST client for every job. The returned job client asks the same source for
 * every status poll, result fetch and cancel.
 */
public final class SessionPipelineExecutor implements PipelineExecutor {
    /** The {@code execution.target} of sessions that run through this executor. */
    public static final String NAME = "sluice-session";

    private final ClusterEndpoint cluster;
    private final ClusterClients clients;
    private final JobStartWait jobStartWait = new JobStartWait(JobStartWait.DEFAULT_STRATEGY);

    public SessionPipelineExecutor(ClusterEndpoint cluster, ClusterClients clients) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.clients = requireNonNull(clients, "clients is null");
    }

    @Override
    public CompletableFuture<JobClient> execute(
            Pipeline pipeline, Configuration configuration, ClassLoader userCodeClassLoader) throws Exception {
        StreamGraph streamGraph = PipelineExecutorUtils.getStreamGraph(pipeline, configuration);
        streamGraph.serializeUserDefinedInstances();
        ClusterClientProvider<StandaloneClusterId> provider = clients.provider(cluster);
        ClusterClient<StandaloneClusterId> client = provider.getClusterClient();
        JobID jobId;
        try {
            jobId = client.submitJob(streamGraph).get();
            jobStartWait.await(client, jobId, userCodeClassLoader, configuration.get(ClientOptions.CLIENT_TIMEOUT));
        } catch (Exception e) {
            if (ClusterUnavailableException.isUnreachable(e)) {
                throw new ClusterUnavailableException(cluster, e);
            }
            throw e;
        } finally {
            client.close();
        }
        return CompletableFuture.completedFuture(
                new ClusterClientJobClientAdapter<>(provider, jobId, userCodeClassLoader));
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
                return SessionPipelineExecutor.this;
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
