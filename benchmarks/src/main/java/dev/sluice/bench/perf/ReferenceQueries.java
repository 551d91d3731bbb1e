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

    private ReferenceQueries() {}

    /** The SQL of the reference query {@code name}, if it is one. */
    public static Optional<String> find(String name) {
        return Optional.ofNullable(QUERIES.get(name));
    }

    /** Reference query names, sorted. */
    public static List<String> names() {
        return QUERIES.keySet().stream().sorted().toList();
    }
}
