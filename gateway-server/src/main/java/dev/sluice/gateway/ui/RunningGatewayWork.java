package dev.sluice.gateway.ui;

import dev.sluice.gateway.health.ClusterProbes;
import dev.sluice.gateway.health.ClusterState;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.SessionRegistry;
import dev.sluice.gateway.session.SessionSummary;
import dev.sluice.jobs.admission.ClusterAdmissions;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static java.util.Objects.requireNonNull;

/** The work of a running gateway, read from its sessions, its clusters and their admission. */
public final class RunningGatewayWork implements GatewayWork {
    private final SessionRegistry sessions;
    private final ClusterProbes clusters;
    private final ClusterAdmissions admissions;
    private final Map<String, String> dashboards;
    private final Predicate<GatewayUser> admins;
    private final GatewayUser viewer;

    /**
     * @param dashboards the Flink dashboard URL of each cluster whose address the gateway knows
     * @param admins who is an admin: only they are shown the dashboards, which need no login of their own
     */
    public RunningGatewayWork(
            SessionRegistry sessions,
            ClusterProbes clusters,
            ClusterAdmissions admissions,
            Map<String, String> dashboards,
            Predicate<GatewayUser> admins) {
        this(sessions, clusters, admissions, dashboards, admins, GatewayUser.ANONYMOUS);
    }

    private RunningGatewayWork(
            SessionRegistry sessions,
            ClusterProbes clusters,
            ClusterAdmissions admissions,
            Map<String, String> dashboards,
            Predicate<GatewayUser> admins,
            GatewayUser viewer) {
        this.sessions = requireNonNull(sessions, "sessions is null");
        this.clusters = requireNonNull(clusters, "clusters is null");
        this.admissions = requireNonNull(admissions, "admissions is null");
        this.dashboards = Map.copyOf(dashboards);
        this.admins = requireNonNull(admins, "admins is null");
        this.viewer = requireNonNull(viewer, "viewer is null");
    }

    @Override
    public GatewayWork viewedBy(GatewayUser user) {
        return new RunningGatewayWork(sessions, clusters, admissions, dashboards, admins, user);
    }

    @Override
    public List<QuerySummary> queries() {
        return sessions.queries(viewer);
    }

    @Override
    public List<SessionSummary> sessions() {
        return sessions.sessionSummaries(viewer);
    }

    @Override
    public List<ClusterState> clusters() {
        return clusters.probe();
    }

    @Override
    public int admittedJobs(String cluster) {
        return admissions.running(cluster);
    }

    @Override
    public int queuedQueries(String cluster) {
        return admissions.queued(cluster);
    }

    @Override
    public boolean cancel(String sessionId, int statementId) {
        return sessions.cancel(sessionId, statementId, viewer);
    }

    @Override
    public @Nullable String dashboardUrl(String cluster) {
        // without authentication (loopback only) the anonymous viewer is the operator
        boolean shown = viewer.equals(GatewayUser.ANONYMOUS) || admins.test(viewer);
        return shown ? dashboards.get(cluster) : null;
    }
}
