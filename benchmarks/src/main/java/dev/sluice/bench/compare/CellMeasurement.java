package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfConfig;
import dev.sluice.bench.perf.PerfReport;
import dev.sluice.bench.perf.PerfRun;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Measures one cell of the comparison, one side's query at one concurrency, with the CPU that the side's gateway and
 * the cluster's JobManager and TaskManager used while it was measured; and runs the cluster's warm-up.
 */
final class CellMeasurement {
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(30);

    private final PrintStream err;
    private final long jobManagerPid;
    private final long taskManagerPid;

    CellMeasurement(PrintStream err, long jobManagerPid, long taskManagerPid) {
        this.err = requireNonNull(err, "err is null");
        this.jobManagerPid = jobManagerPid;
        this.taskManagerPid = taskManagerPid;
    }

    /** Runs {@code query} on one side at concurrency 1 for {@code time}, to warm the cluster up; forgets the figures. */
    void warmUp(String system, String url, ComparedQuery query, boolean onSluice, Duration time)
            throws InterruptedException {
        err.printf("%s: warming the cluster up with %s for %d s ...%n", system, query.label(), time.toSeconds());
        PerfConfig config = new PerfConfig(
                url,
                query.query(onSluice),
                query.setup(onSluice),
                1,
                0,
                time,
                0,
                Duration.ZERO,
                Map.of(),
                PROGRESS_INTERVAL);
        PerfReport report = new PerfRun(config, err, () -> {}).run();
        err.printf("  warm-up done: %d queries, %d errors%n", report.queries(), report.errors());
    }

    CompareCell measure(
            String system,
            String url,
            long gatewayPid,
            ComparedQuery query,
            boolean onSluice,
            int concurrency,
            Duration duration,
            Duration warmup)
            throws InterruptedException {
        err.printf("%s: %s at concurrency %d ...%n", system, query.label(), concurrency);
        PerfConfig config = new PerfConfig(
                url,
                query.query(onSluice),
                query.setup(onSluice),
                concurrency,
                0,
                duration,
                0,
                warmup,
                Map.of(),
                PROGRESS_INTERVAL);
        long[] pids = {gatewayPid, jobManagerPid, taskManagerPid};
        ProcessCpu.Sample[] atStart = new ProcessCpu.Sample[3];
        PerfReport report = new PerfRun(config, err, () -> {
                    for (int i = 0; i < pids.length; i++) {
                        try {
                            atStart[i] = ProcessCpu.of(pids[i]);
                        } catch (RuntimeException e) {
                            // its cell shows no CPU for this process; say why rather than print a silent 0
                            err.printf("warning: no CPU sample of process %d: %s%n", pids[i], e.getMessage());
                        }
                    }
                })
                .run();
        ProcessCpu.Sample[] used = new ProcessCpu.Sample[3];
        for (int i = 0; i < pids.length; i++) {
            used[i] = atStart[i] == null
                    ? new ProcessCpu.Sample(Duration.ZERO, Duration.ZERO)
                    : ProcessCpu.of(pids[i]).minus(atStart[i]);
        }
        err.println("  " + report.toText().replace("\n", "\n  "));
        return new CompareCell(system, query.label(), concurrency, report, used[0], used[1], used[2]);
    }
}
