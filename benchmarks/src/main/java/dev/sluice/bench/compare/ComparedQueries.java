package dev.sluice.bench.compare;

import dev.sluice.bench.perf.PerfQuery;
import dev.sluice.bench.perf.ReferenceQueries;

import java.util.ArrayList;
import java.util.List;

/** The queries a comparison measures: reference queries by name. */
final class ComparedQueries {
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
}
