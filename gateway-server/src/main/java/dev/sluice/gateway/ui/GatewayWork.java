package dev.sluice.gateway.ui;

import dev.sluice.gateway.health.ClusterState;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.SessionSummary;
import org.jspecify.annotations.Nullable;

import java.util.List;

/** What the gateway is doing, read fresh for each page. */
public interface GatewayWork {
    /** The same work as {@code user} may see and act on: their own sessions only. */
    GatewayWork viewedBy(GatewayUser user);

    /** Running and recent statements of every open session, newest first. */
    List<QuerySummary> queries();

    List<SessionSummary> sessions();

    /** Every declared cluster as it answers now; may take a few seconds for one that hangs. */
    List<ClusterState> clusters();

    /** Jobs the gateway has let into {@code cluster} and not yet seen end. */
    int admittedJobs(String cluster);

    /** Queries waiting for {@code cluster}'s admission. */
    int queuedQueries(String cluster);

    /** Cancels what a session's statement runs; see {@code SessionRegistry#cancel}. */
    boolean cancel(String sessionId, int statementId);

    /** The URL of {@code cluster}'s Flink dashboard, when the gateway knows its address. */
    @Nullable
    String dashboardUrl(String cluster);
}
