package dev.sluice.bench.perf;

import dev.sluice.bench.workload.ResolvedWorkload;
import dev.sluice.bench.workload.SystemKind;
import dev.sluice.bench.workload.TableForm;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * The parts of a workload a run uses: its size and data directory, one table form, the modes its query kinds run in,
 * and the seed of their values.
 *
 * @param prepare whether to run the table form's prepare statements (not when an earlier run made the tables)
 */
public record WorkloadSelection(
        ResolvedWorkload workload, TableForm tableForm, List<QueryMode> modes, long seed, boolean prepare) {
    public WorkloadSelection {
        requireNonNull(workload, "workload is null");
        requireNonNull(tableForm, "tableForm is null");
        modes = List.copyOf(modes);
        if (modes.isEmpty()) {
            throw new IllegalArgumentException("a workload runs in at least one mode");
        }
    }

    /** The query kind {@code kind} in {@code mode}. */
    public PerfQuery query(String kind, QueryMode mode) {
        return new WorkloadPerfQuery(workload.requireQuery(kind), mode, seed);
    }

    /** The statements each connection to {@code system} runs before its queries. */
    public List<String> setup(SystemKind system) {
        return tableForm.setupFor(system);
    }

    /** Writes the size's data files; once per run, before any system prepares its tables from them. */
    public void writeDataFiles() throws IOException {
        workload.writeDataFiles();
    }

    /** For reports: {@code workload bi, size large (1000 customers, 100000 orders), table form paimon, seed 27}. */
    public String describe() {
        String counts = switch (workload.size().source()) {
            case NONE -> "";
            case QUICKSTART, GENERATED ->
                String.format(
                        Locale.ROOT,
                        " (%d customers, %d orders)",
                        workload.size().customers(),
                        workload.size().orders());
        };
        return "workload " + workload.name() + ", size " + workload.size().name() + counts + ", table form "
                + tableForm.name() + ", seed " + seed;
    }
}
