package dev.sluice.planner.push;

import org.apache.flink.api.dag.Transformation;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A compiled pushed query with the push sink of one run: what a job needs of it ({@link
 * CompiledPushQuery#submitTogether}).
 *
 * @param transformations the query's transformations, ending in its sink
 * @param sinkName the sink's name, as Flink's INSERT result lists it
 */
public record BoundPushQuery(List<Transformation<?>> transformations, String sinkName) {
    public BoundPushQuery {
        transformations = List.copyOf(transformations);
        requireNonNull(sinkName, "sinkName is null");
    }
}
