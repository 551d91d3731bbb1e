package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfReport;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/** One system's measurement of one query at one concurrency, with the CPU the servers used meanwhile. */
record CompareCell(
        String system,
        String query,
        int concurrency,
        PerfReport report,
        ProcessCpu.Sample gatewayCpu,
        ProcessCpu.Sample jobManagerCpu,
        ProcessCpu.Sample taskManagerCpu) {
    CompareCell {
        requireNonNull(system, "system is null");
        requireNonNull(query, "query is null");
        requireNonNull(report, "report is null");
        requireNonNull(gatewayCpu, "gatewayCpu is null");
        requireNonNull(jobManagerCpu, "jobManagerCpu is null");
        requireNonNull(taskManagerCpu, "taskManagerCpu is null");
    }

    /** CPU milliseconds per successful query; NaN when none succeeded. */
    double cpuMillisPerQuery(Duration cpu) {
        return report.queries() == 0 ? Double.NaN : (double) cpu.toMillis() / report.queries();
    }
}
