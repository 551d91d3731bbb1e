package dev.sluice.sessioncache;

/**
 * What a cluster reported about its task managers and slots in one overview.
 *
 * @param taskManagers task managers registered with the JobManager
 * @param totalSlots task slots of those task managers, free or not
 * @param freeSlots task slots no job holds now
 */
public record ClusterCapacity(int taskManagers, int totalSlots, int freeSlots) {
    public ClusterCapacity {
        if (taskManagers < 0 || totalSlots < 0 || freeSlots < 0) {
            throw new IllegalArgumentException("counts must be at least 0, were " + taskManagers + " task managers, "
                    + totalSlots + " slots, " + freeSlots + " free");
        }
    }
}
