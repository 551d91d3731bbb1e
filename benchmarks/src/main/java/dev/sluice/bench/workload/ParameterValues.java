package dev.sluice.bench.workload;

import java.util.List;
import java.util.Random;

import static java.util.Objects.requireNonNull;

/**
 * The sequence of parameter values one worker of a run sends for a query kind, reproducible from the run's seed and
 * the worker's index: two runs with the same seed send each worker the same values in the same order (which worker
 * runs which query first still depends on timing).
 */
public final class ParameterValues {
    // spreads the workers' seeds apart, so that worker 1 of seed 7 is not worker 0 of seed 8
    private static final long WORKER_STRIDE = 0x9E3779B97F4A7C15L;

    private final WorkloadQuery query;
    private final Random random;

    public ParameterValues(WorkloadQuery query, long seed, int worker) {
        this.query = requireNonNull(query, "query is null");
        this.random = new Random(seed + WORKER_STRIDE * worker);
    }

    /** The values of the next execution. Not thread-safe: one worker, one sequence. */
    public List<SqlValue> next() {
        return query.nextValues(random);
    }
}
