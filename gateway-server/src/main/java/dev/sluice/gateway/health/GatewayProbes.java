package dev.sluice.gateway.health;

import dev.sluice.gateway.http.Probe;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Liveness and readiness of the gateway.
 *
 * <p>Alive while it answers at all: a gateway whose clusters are down still serves metadata and {@code SET}, and
 * restarting it would not bring a cluster back. Ready while its default cluster answers, because that cluster runs
 * the queries of every connection that names no other; other clusters that are down are named in the body but do not
 * take the gateway out of service. Not ready while it warms up, before its first query.
 */
public final class GatewayProbes {
    private final Supplier<List<ClusterState>> clusterStates;
    private final IntSupplier openSessions;
    private final BooleanSupplier warmingUp;

    /** @param warmingUp whether the gateway still warms up, which it does before it is ready */
    public GatewayProbes(
            Supplier<List<ClusterState>> clusterStates, IntSupplier openSessions, BooleanSupplier warmingUp) {
        this.clusterStates = requireNonNull(clusterStates, "clusterStates is null");
        this.openSessions = requireNonNull(openSessions, "openSessions is null");
        this.warmingUp = requireNonNull(warmingUp, "warmingUp is null");
    }

    public Probe liveness() {
        return new Probe(true, "ALIVE: serving requests, " + openSessions.getAsInt() + " open sessions");
    }

    public Probe readiness() {
        if (warmingUp.getAsBoolean()) {
            return new Probe(false, "NOT READY\nwarming up (sluice.warm-up.enabled): the first queries would be slow");
        }
        List<ClusterState> states = clusterStates.get();
        boolean defaultReachable = states.stream().anyMatch(state -> state.isDefault() && state.reachable());
        String details = states.stream().map(ClusterState::describe).collect(Collectors.joining("\n"));
        return new Probe(defaultReachable, (defaultReachable ? "READY" : "NOT READY") + "\n" + details);
    }
}
