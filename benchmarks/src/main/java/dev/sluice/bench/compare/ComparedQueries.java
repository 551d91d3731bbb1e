package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfQuery;
import dev.sluice.bench.perf.QueryMode;
import dev.sluice.bench.perf.ReferenceQueries;
import dev.sluice.bench.perf.WorkloadSelection;
import dev.sluice.bench.workload.SystemKind;

import java.util.ArrayList;
import java.util.List;

/** The queries a comparison measures: reference queries by name, or query kinds of a workload in its modes. */
final class ComparedQueries {
    /** Why a prepared cell of the stock gateway runs literals, for the report. */
    static final String STOCK_PREPARED_NOTE = "Flink's JDBC driver has no PreparedStatement"
            + " (FlinkConnection#prepareStatement is not supported): in the prepared cells the stock gateway gets the"
            + " same values as literals.";

    private ComparedQueries() {}

    /** The reference queries {@code names}, the same on both sides; the message lists the known ones. */
    static List<ComparedQuery> reference(List<String> names, long bulkRows) {
        List<ComparedQuery> queries = new ArrayList<>();
        for (String name : names) {
            String sql = ReferenceQueries.find(name)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "unknown query '" + name + "'; reference queries are " + ReferenceQueries.names()));
            PerfQuery query = PerfQuery.of(name, sql);
            List<String> setup = ReferenceQueries.setupFor(name, bulkRows);
            queries.add(new ComparedQuery(name, query, setup, query, setup));
        }
        return queries;
    }

    /**
     * The query kinds {@code kinds} of the selected workload, each in each of its modes. A baseline of
     * {@code baselineSystem} runs the stock variant of the setup and, as its driver cannot prepare, literals.
     */
    static List<ComparedQuery> workload(WorkloadSelection selection, List<String> kinds, SystemKind baselineSystem) {
        List<ComparedQuery> queries = new ArrayList<>();
        for (String kind : kinds) {
            for (QueryMode mode : selection.modes()) {
                QueryMode baselineMode = baselineSystem == SystemKind.STOCK ? QueryMode.LITERAL : mode;
                PerfQuery sluice = selection.query(kind, mode);
                queries.add(new ComparedQuery(
                        sluice.label(),
                        sluice,
                        selection.setup(SystemKind.SLUICE),
                        selection.query(kind, baselineMode),
                        selection.setup(baselineSystem)));
            }
        }
        return queries;
    }
}
