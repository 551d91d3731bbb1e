package dev.sluice.gateway;

import java.util.List;

/** The reference workload of DESIGN.md: three one-row datagen tables and the source, wordcount and join queries. */
final class ReferenceWorkload {
    static final List<String> DDL = List.of(
            "create temporary table table1 (val1 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table2 (val2 STRING) WITH ('connector'='datagen','number-of-rows'='1')",
            "create temporary table table3 (val3 STRING) WITH ('connector'='datagen','number-of-rows'='1')");
    static final String SOURCE = "select val1 from table1";
    static final String WORDCOUNT = "select val1, count(*) from table1 group by val1";
    static final String JOIN = "select val1, count(*) from table1 left join table2 on val1=val2"
            + " left join table3 on val2=val3 group by val1";

    private ReferenceWorkload() {}
}
