package dev.sluice.gateway.health;

import dev.sluice.sessioncache.ClusterCapacity;
import org.jspecify.annotations.Nullable;

import static java.util.Objects.requireNonNull;

/**
 * What one cluster answered when asked for its overview just now.
 *
 * @param capacity its task managers and slots; null when it did not answer
 * @param problem why it did not answer; empty when it did
 */
public record ClusterState(
        String name, boolean isDefault, @Nullable ClusterCapacity capacity, String problem) {
    public ClusterState {
        requireNonNull(name, "name is null");
        requireNonNull(problem, "problem is null");
    }

    public boolean reachable() {
        return capacity != null;
    }

    /** One line for a person: the cluster, and its slots or why it is not reachable. */
    public String describe() {
        String role = isDefault ? " (default)" : "";
        if (capacity == null) {
            return "cluster '" + name + "'" + role + " unreachable: " + problem;
        }
        return "cluster '" + name + "'" + role + " reachable: " + capacity.taskManagers() + " task managers, "
                + capacity.freeSlots() + " of " + capacity.totalSlots() + " task slots free";
    }
}
