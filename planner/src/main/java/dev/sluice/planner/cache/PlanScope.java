package dev.sluice.planner.cache;

import static java.util.Objects.requireNonNull;

/**
 * Who asks the plan cache, and which plans it may take.
 *
 * @param sessionId the session whose statement it is
 * @param stateVersion the session's state version, which moves with its DDL, {@code USE}, {@code SET} and
 *     {@code RESET}
 * @param sharesPlans whether the session may take and give plans that other sessions made and take: true for a
 *     session that created no object of its own (no DDL, no temporary objects, no module or jar loaded), since then its
 *     names resolve as every such session's do
 */
public record PlanScope(String sessionId, long stateVersion, boolean sharesPlans) {
    public PlanScope {
        requireNonNull(sessionId, "sessionId is null");
    }
}
