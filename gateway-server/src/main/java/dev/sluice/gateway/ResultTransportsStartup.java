package dev.sluice.gateway;

import dev.sluice.gateway.push.ResultConfig;
import dev.sluice.gateway.push.ResultEndpointServer;
import dev.sluice.gateway.push.ResultOptions;
import dev.sluice.gateway.push.ResultTransport;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.jobs.JobJars;
import dev.sluice.sessioncache.ClusterDefinition;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.ClusterOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Starts how query results reach the gateway: the result endpoint and the push sink's jar when results are pushed. */
final class ResultTransportsStartup {
    private static final Logger LOG = LoggerFactory.getLogger(ResultTransportsStartup.class);

    private ResultTransportsStartup() {}

    /**
     * Starts the result endpoint when results are pushed; it closes after the sessions, whose open results it serves.
     *
     * @throws GatewayStartException if the result endpoint's address cannot be bound, naming it and its options
     */
    static ResultTransports start(GatewayConfig config, CloseableStack components)
            throws InterruptedException, GatewayStartException {
        return switch (config.result().transport()) {
            case PUSH -> {
                // the jar is found before the endpoint starts: a gateway that cannot ship it does not start
                Map<String, JobJars> pushSinkJars = pushSinkJars(config);
                yield ResultTransports.push(components.push("result endpoint", startEndpoint(config)), pushSinkJars);
            }
            case COLLECT -> {
                LOG.info(
                        "Query results are collected through the JobManager ({} = {})",
                        ResultOptions.TRANSPORT.key(),
                        ResultTransport.COLLECT);
                yield ResultTransports.collect();
            }
        };
    }

    private static ResultEndpointServer startEndpoint(GatewayConfig config)
            throws InterruptedException, GatewayStartException {
        ResultConfig result = config.result();
        try {
            return ResultEndpointServer.start(result, config.tls());
        } catch (IOException e) {
            throw ServerPortCheck.resultFailure(result, String.valueOf(e.getMessage()), e);
        }
    }

    /**
     * What pushed queries' jobs carry per cluster: nothing to the embedded cluster (it runs in this JVM) or to a
     * cluster declared to have the push sink installed, else the push sink's jar, found once at start.
     */
    private static Map<String, JobJars> pushSinkJars(GatewayConfig config) {
        Map<String, JobJars> jars = new LinkedHashMap<>();
        JobJars pushSink = null;
        for (ClusterDefinition cluster : config.clusters()) {
            boolean installed = cluster.kind() == ClusterKind.EMBEDDED
                    || config.flinkConfiguration().get(ClusterOptions.pushSinkInstalled(cluster.name()));
            if (!installed && pushSink == null) {
                pushSink = JobJars.pushSink();
            }
            jars.put(cluster.name(), installed ? JobJars.NONE : pushSink);
            LOG.info(
                    "Pushed queries on cluster '{}' {}",
                    cluster.name(),
                    installed
                            ? "use the push sink installed on the cluster"
                            : "ship the push sink with each job: " + pushSink);
        }
        return jars;
    }
}
