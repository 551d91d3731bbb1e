package dev.sluice.gateway.resultcache;

import dev.sluice.planner.cache.ResultDependencies;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * The complete result of one run of a query, with what it was made from. Immutable; its rows are shared by every
 * session it is served to, and nothing writes to them.
 *
 * @param bytes the estimated heap the entry takes, its rows included
 * @param dependencies the objects its planning looked up and what it touched, checked before it is served
 * @param versions the versions of the data of its tables that have one, as they were before and after the run
 * @param tables every table it read, for dropping it when one is written through the gateway
 * @param ttl how long it may be served; null for as long as its versions hold
 * @param filledEpoch the gateway's write clock when its run started: a write through the gateway to one of its tables
 *     since then makes it stale
 */
record CachedResult(
        ResolvedSchema schema,
        List<Row> rows,
        long bytes,
        ResultDependencies dependencies,
        List<DataVersions.TableVersion> versions,
        Set<ObjectIdentifier> tables,
        @Nullable Duration ttl,
        long filledEpoch) {
    CachedResult {
        requireNonNull(schema, "schema is null");
        rows = List.copyOf(rows);
        requireNonNull(dependencies, "dependencies is null");
        versions = List.copyOf(versions);
        tables = Set.copyOf(tables);
    }
}
