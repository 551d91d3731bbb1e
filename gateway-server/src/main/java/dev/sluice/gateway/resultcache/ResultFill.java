package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.ResultCacheResult;
import dev.sluice.gateway.result.QueryRows;
import dev.sluice.planner.cache.JobPlanKey;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.planner.cache.ResultDependencies;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Keeps the result of one run of a query that the cache could not answer, if it may: the versions of its tables' data
 * are read just before its job is submitted ({@link #beforeSubmit}) and again once its client has read the last row;
 * only if they are equal, so that the job read exactly that data, and no write through the gateway came between,
 * does the complete result become an entry.
 *
 * <p>Used by the session's thread until the query has started, then by the thread that fetches its rows, one after
 * the other.
 */
public final class ResultFill {
    private static final Logger LOG = LoggerFactory.getLogger(ResultFill.class);
    // what an entry takes beyond its rows: its key, its dependencies, its versions
    private static final long ENTRY_OVERHEAD = 1024;

    private final ResultCache cache;
    private final String sessionId;
    private final PlanScope scope;
    private final String statement;
    private final QueryTrace trace;
    private final Set<JobPlanKey> keys = new LinkedHashSet<>();
    private volatile @Nullable Started started;
    private volatile @Nullable String refusal = "the query did not start";

    ResultFill(
            ResultCache cache, String sessionId, JobPlanKey key, PlanScope scope, String statement, QueryTrace trace) {
        this.cache = requireNonNull(cache, "cache is null");
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.scope = requireNonNull(scope, "scope is null");
        this.statement = requireNonNull(statement, "statement is null");
        this.trace = requireNonNull(trace, "trace is null");
        keys.add(requireNonNull(key, "key is null"));
    }

    /** What the run read before its job was submitted. */
    private record Started(
            ResultDependencies dependencies,
            DataVersions.Versioned sources,
            List<DataVersions.TableVersion> versions,
            long writeClock) {}

    /**
     * The query's job is about to be submitted through {@code environment}, the session's, with a plan whose rows
     * depend on {@code dependencies}: reads the versions of its data now. Called again if the query is started again.
     */
    public void beforeSubmit(TableEnvironment environment, ResultDependencies dependencies) {
        started = null;
        try {
            long writeClock = cache.writeClock();
            DataVersions.Sources sources =
                    DataVersions.sources(environment, dependencies, cache.config(), cache.wallClock());
            if (sources instanceof DataVersions.Refused refused) {
                refusal = refused.reason();
                return;
            }
            DataVersions.Versioned versioned = (DataVersions.Versioned) sources;
            started = new Started(dependencies, versioned, versioned.read(), writeClock);
            refusal = null;
        } catch (RuntimeException e) {
            refusal = "the versions of its data cannot be read: " + e.getMessage();
        }
    }

    /**
     * The rows of the started query as its client reads them, kept as they pass for the entry; {@code environment}
     * gives the key as the session's options are after the run, under which the entry is kept too (planning writes
     * options it derives into a session that had planned nothing).
     */
    public QueryRows capturing(QueryRows rows, ResolvedSchema schema, TableEnvironment environment) {
        keys.add(SessionResultCache.key(environment, scope, statement));
        return new CapturedQueryRows(rows, this, schema, cache.config().maxEntryBytes());
    }

    /** The client read the whole result: it becomes an entry if nothing it read changed meanwhile. */
    void complete(ResolvedSchema schema, List<Row> rows, long rowBytes) {
        Started run = started;
        String reason = refusal;
        if (run == null || reason != null) {
            notKept(reason == null ? "it was not started" : reason);
            return;
        }
        List<DataVersions.TableVersion> after;
        try {
            after = run.sources().read();
        } catch (RuntimeException e) {
            notKept("the versions of its data cannot be read again: " + e.getMessage());
            return;
        }
        if (!after.equals(run.versions())) {
            notKept("the data of a table it read changed while it ran");
            return;
        }
        CachedResult entry = new CachedResult(
                schema,
                rows,
                rowBytes + ENTRY_OVERHEAD + 4L * statement.length(),
                run.dependencies(),
                after,
                run.dependencies().tablesRead().stream().map(use -> use.table()).collect(Collectors.toSet()),
                run.sources().ttl(),
                run.writeClock());
        if (cache.keep(keys, entry)) {
            trace.resultCached(ResultCacheResult.MISS);
        } else {
            notKept("it is larger than an entry may be, or a table it read was written through the gateway");
        }
    }

    /** The result will not be kept. */
    void notKept(String reason) {
        LOG.debug("Session {}: a query's result is not cached: {}", sessionId, reason);
    }
}
