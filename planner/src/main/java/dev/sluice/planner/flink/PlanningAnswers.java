package dev.sluice.planner.flink;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.internal.CachedPlan;
import org.apache.flink.table.api.internal.DQLCachedPlan;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a source answered while its query was planned, rather than when its job runs. Flink lets a source compute an
 * aggregation at planning ({@code SupportsAggregatePushDown}; Paimon answers a global {@code COUNT(*)} from the row
 * counts of the snapshot that is latest then), and the translated plan holds the answer: a plan run again, or a
 * result kept beside it, would go on answering for the data as it was at planning. Flink 2.3 has no option to turn
 * that off, so such plans are found in what Flink wrote into the source's transformation: the description of its
 * {@code TableSourceScan} names the aggregates pushed into it.
 */
public final class PlanningAnswers {
    private static final String SOURCE_SCAN = "TableSourceScan(";
    private static final String PUSHED_AGGREGATES = "aggregates=[";

    private PlanningAnswers() {}

    /** The source scan that answered an aggregation while planning, as Flink describes it; empty if none did. */
    public static Optional<String> find(List<Transformation<?>> transformations) {
        Deque<Transformation<?>> pending = new ArrayDeque<>(transformations);
        Set<Transformation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!pending.isEmpty()) {
            Transformation<?> transformation = pending.pop();
            if (!seen.add(transformation)) {
                continue;
            }
            String description = transformation.getDescription();
            if (description != null && description.contains(SOURCE_SCAN) && description.contains(PUSHED_AGGREGATES)) {
                return Optional.of(description.substring(description.indexOf(SOURCE_SCAN)));
            }
            pending.addAll(transformation.getInputs());
        }
        return Optional.empty();
    }

    /** As {@link #find(List)}, for the plan of a collected query; empty for a plan without transformations. */
    public static Optional<String> find(CachedPlan plan) {
        return plan instanceof DQLCachedPlan query ? find(query.getTransformations()) : Optional.empty();
    }
}
