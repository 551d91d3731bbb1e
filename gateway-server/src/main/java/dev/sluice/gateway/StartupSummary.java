package dev.sluice.gateway;

import dev.sluice.gateway.health.ClusterState;
import dev.sluice.sessioncache.HostAndPort;
import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.StringJoiner;

/**
 * The one screen an operator reads after a start: what runs, where, on which clusters, and how to connect. Everything
 * in it is also in the log lines before it, scattered among the start-up details.
 */
final class StartupSummary {
    private StartupSummary() {}

    /**
     * @param tls the TLS provider in use, or null for plaintext
     * @param embeddedDashboard the embedded cluster's REST address, which also serves Flink's dashboard
     */
    static String describe(
            String version,
            InetSocketAddress address,
            @Nullable String tls,
            List<ClusterState> clusters,
            @Nullable HostAndPort embeddedDashboard,
            String jdbcUrl) {
        String base = (tls == null ? "http://" : "https://") + host(address) + ":" + address.getPort();
        StringJoiner summary = new StringJoiner("\n  ", "Sluice " + version + " is serving\n  ", "");
        summary.add("address:   " + base + (tls == null ? " (plaintext)" : " (TLS, " + tls + ")"));
        for (ClusterState cluster : clusters) {
            summary.add("cluster:   " + cluster.describe());
        }
        if (embeddedDashboard != null) {
            summary.add("dashboard: http://" + embeddedDashboard + "/ (Flink's, of the embedded cluster)");
        }
        summary.add("web page:  " + base + "/ui/ (queries, sessions, clusters)");
        summary.add("health:    " + base + "/health, " + base + "/ready, metrics " + base + "/metrics");
        summary.add("connect:   " + jdbcUrl);
        return summary.toString();
    }

    private static String host(InetSocketAddress address) {
        String host = address.getAddress().isAnyLocalAddress() ? "127.0.0.1" : address.getHostString();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
