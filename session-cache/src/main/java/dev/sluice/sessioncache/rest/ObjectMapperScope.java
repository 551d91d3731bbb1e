package dev.sluice.sessioncache.rest;

/** Which JSON mapper instances serialise REST bodies: one for the process, or one per thread. */
public enum ObjectMapperScope {
    /** Flink's process-wide REST mappers; Jackson mappers are thread-safe once configured. */
    SHARED,
    /** A copy of Flink's REST mappers per thread, for when contention on shared caches shows up. */
    THREAD_LOCAL
}
