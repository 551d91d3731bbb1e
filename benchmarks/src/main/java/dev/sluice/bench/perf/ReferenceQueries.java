package dev.sluice.bench.perf;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The reference workload of DESIGN.md, by name: one-row datagen tables and three queries over them. */
public final class ReferenceQueries {
    /** The DDL that creates the reference tables; run once per connection. */
    public static final List<String> SETUP = List.of(
            "create temporary table table1 (val1 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table2 (val2 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table3 (val3 STRING) WITH ('connector'='datagen','number-of-rows'='1')");

    private static final Map<String, String> QUERIES = Map.of(
            "source",
            "select val1 from table1",
            "wordcount",
            "select val1, count(*) from table1 group by val1",
            "join",
            "select val1, count(*) from table1 left join table2 on val1=val2"
                    + " left join table3 on val2=val3 group by val1");

    /** The large result of issue 18: a datagen table of BIGINT, STRING(16), DOUBLE, DECIMAL(12,2), TIMESTAMP(3). */
    public static final String BULK = "bulk";

    /** The cluster's own time for the bulk rows: the same job writing them to a blackhole table. */
    public static final String BULK_BLACKHOLE = "bulk-blackhole";

    /** Rows of the bulk table unless a run says otherwise. */
    public static final long DEFAULT_BULK_ROWS = 500_000;

    private static final String BULK_COLUMNS = "(n BIGINT, s STRING, d DOUBLE, m DECIMAL(12, 2), t TIMESTAMP(3))";

    private static final Map<String, String> BULK_QUERIES =
            Map.of(BULK, "select * from big", BULK_BLACKHOLE, "insert into hole select * from big");

    private ReferenceQueries() {}

    /**
     * The statements a connection runs once before {@code name}: the bulk tables of {@code bulkRows} rows for the bulk
     * queries (with DML waiting for its job, as a Flink JDBC connection does not by default), else {@link #SETUP}.
     */
    public static List<String> setupFor(String name, long bulkRows) {
        if (!BULK_QUERIES.containsKey(name)) {
            return SETUP;
        }
        if (bulkRows < 1) {
            throw new IllegalArgumentException("--bulk-rows must be at least 1, was " + bulkRows);
        }
        return List.of(
                "SET 'table.dml-sync' = 'true'",
                // datagen makes 10,000 rows a second unless told otherwise: unthrottled, so that the cluster's own
                // speed (bulk-blackhole) is what the reading is compared with
                "create temporary table big " + BULK_COLUMNS + " WITH ('connector'='datagen','number-of-rows'='"
                        + bulkRows + "','rows-per-second'='1000000000','fields.s.length'='16')",
                "create temporary table hole " + BULK_COLUMNS + " WITH ('connector'='blackhole')");
    }

    /** The SQL of the reference query {@code name}, if it is one. */
    public static Optional<String> find(String name) {
        return Optional.ofNullable(QUERIES.getOrDefault(name, BULK_QUERIES.get(name)));
    }

    /** Reference query names, sorted. */
    public static List<String> names() {
        return java.util.stream.Stream.concat(QUERIES.keySet().stream(), BULK_QUERIES.keySet().stream())
                .sorted()
                .toList();
    }
}
