package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfQuery;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One query of a comparison as each side runs it: its label in the report, and per side the query and the statements
 * each connection runs first. The sides differ where the systems do: the stock gateway creates a shared catalog per
 * connection, and its driver cannot prepare statements.
 */
record ComparedQuery(
        String label, PerfQuery sluice, List<String> sluiceSetup, PerfQuery baseline, List<String> baselineSetup) {
    ComparedQuery {
        requireNonNull(label, "label is null");
        requireNonNull(sluice, "sluice is null");
        requireNonNull(baseline, "baseline is null");
        sluiceSetup = List.copyOf(sluiceSetup);
        baselineSetup = List.copyOf(baselineSetup);
    }

    PerfQuery query(boolean onSluice) {
        return onSluice ? sluice : baseline;
    }

    List<String> setup(boolean onSluice) {
        return onSluice ? sluiceSetup : baselineSetup;
    }
}
