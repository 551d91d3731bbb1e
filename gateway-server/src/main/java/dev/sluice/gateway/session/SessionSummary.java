package dev.sluice.gateway.session;

import static java.util.Objects.requireNonNull;

/**
 * One open session as the gateway's web page and its JSON API show it.
 *
 * @param idleMillis since its last request
 * @param runningStatements its statements that have not ended
 */
public record SessionSummary(String id, String cluster, long idleMillis, int runningStatements) {
    public SessionSummary {
        requireNonNull(id, "id is null");
        requireNonNull(cluster, "cluster is null");
    }
}
