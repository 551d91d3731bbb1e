package dev.sluice.sessioncache;

import java.time.Duration;
import java.time.Instant;

import static java.util.Objects.requireNonNull;

/**
 * One job of a session cluster as its JobManager lists it.
 *
 * @param state Flink's job status ({@code RUNNING}, {@code FINISHED}, ...)
 * @param duration how long it ran, or has been running
 */
public record ClusterJob(String id, String name, String state, Instant startTime, Duration duration) {
    public ClusterJob {
        requireNonNull(id, "id is null");
        requireNonNull(name, "name is null");
        requireNonNull(state, "state is null");
        requireNonNull(startTime, "startTime is null");
        requireNonNull(duration, "duration is null");
    }
}
