package dev.sluice.gateway.resultcache;

import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.ResultCacheResult;
import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.cache.JobPlanKey;
import dev.sluice.planner.cache.PlanScope;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One session's way into the gateway's {@link ResultCache}: answers a query from an entry that is still true for this
 * session, or gives the {@link ResultFill} that keeps the query's result once it has run; and tells the cache which
 * tables the session's statements write.
 *
 * <p>An entry is served only when, checked in this session now: no statement wrote one of its tables through the
 * gateway since its run started; every object its planning looked up in a declared catalog is still what it was and
 * not hidden by a temporary one of this session; the session's user may read every table behind it (the session's
 * access check, which refuses as planning would); and the version of every table's data is what it was. A session
 * that created nothing of its own shares entries with every such session; any other keeps its own, until its state
 * changes.
 *
 * <p>Not thread-safe: used under the session's execution lock.
 */
public final class SessionResultCache {
    private static final Logger LOG = LoggerFactory.getLogger(SessionResultCache.class);

    private final ResultCache cache;
    private final String sessionId;
    // what the statement executing now writes, told to the cache again when it has ended
    private final List<ResultCache.WrittenObject> written = new ArrayList<>();

    public SessionResultCache(ResultCache cache, String sessionId) {
        this.cache = requireNonNull(cache, "cache is null");
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
    }

    /** Whether the gateway caches results; the session's own setting and the query's kind are the caller's. */
    public boolean isEnabled() {
        return cache.isEnabled();
    }

    /** The answer from the cache, or the fill that keeps the result of this run. */
    public sealed interface Lookup permits Hit, Miss {}

    /** The query is answered from the cache: no plan, no job. */
    public record Hit(StatementOutcome.Rows rows) implements Lookup {
        public Hit {
            requireNonNull(rows, "rows is null");
        }
    }

    /** The query runs; {@code fill} keeps its result if it may. */
    public record Miss(ResultFill fill) implements Lookup {
        public Miss {
            requireNonNull(fill, "fill is null");
        }
    }

    /**
     * Looks {@code planned}, a batch query to be pushed, up for the session in {@code scope} on {@code environment},
     * and records in {@code trace} what the cache did.
     *
     * @param check the session's access check, which an entry's accesses are put to (it refuses by throwing)
     * @param maxRows the most rows to answer; 0 or less for all
     */
    public Lookup lookup(
            TableEnvironment environment,
            PlannedStatement planned,
            PlanScope scope,
            AccessCheck check,
            long maxRows,
            QueryTrace trace) {
        JobPlanKey key = key(environment, scope, planned.normalForm());
        CachedResult entry = cache.find(key);
        if (entry != null && isCurrent(key, entry, environment, scope, check)) {
            cache.counted(true);
            trace.resultCached(ResultCacheResult.HIT);
            List<Row> rows = maxRows > 0 && entry.rows().size() > maxRows
                    ? entry.rows().subList(0, (int) maxRows)
                    : entry.rows();
            trace.rowsArrived(rows.size());
            return new Hit(new StatementOutcome.Rows(entry.schema(), new ListResultCursor(rows)));
        }
        cache.counted(false);
        trace.resultCached(ResultCacheResult.SKIP); // until the fill keeps the result
        return new Miss(new ResultFill(cache, sessionId, key, scope, planned.normalForm(), trace));
    }

    /**
     * {@code check}, also telling the cache what the statements it judges write, alter or drop: their entries go at
     * once, and again when the statement has ended ({@link #statementEnded}).
     */
    public AccessCheck observingWrites(AccessCheck check) {
        requireNonNull(check, "check is null");
        return check.thenObserve(accesses -> {
            List<ResultCache.WrittenObject> objects = writtenBy(accesses);
            if (!objects.isEmpty()) {
                written.addAll(objects);
                cache.written(objects);
            }
        });
    }

    /** The statement that executed has ended: what it wrote is stale from before its end too. */
    public void statementEnded() {
        if (!written.isEmpty()) {
            cache.written(List.copyOf(written));
            written.clear();
        }
    }

    /** The key of {@code statement}'s result in the session: shared when the session created nothing of its own. */
    static JobPlanKey key(TableEnvironment environment, PlanScope scope, String statement) {
        return scope.sharesPlans()
                ? JobPlanKey.sharedResult(environment, statement)
                : JobPlanKey.own(environment, scope, statement);
    }

    private boolean isCurrent(
            JobPlanKey key, CachedResult entry, TableEnvironment environment, PlanScope scope, AccessCheck check) {
        @Nullable String change = findChange(entry, environment, scope, check);
        if (change == null) {
            return true;
        }
        LOG.debug("Session {}: a cached result is not served: {}", sessionId, change);
        cache.invalidate(key, entry);
        return false;
    }

    /** Why {@code entry} must not be served in this session now; null if it may. The access check may throw. */
    private @Nullable String findChange(
            CachedResult entry, TableEnvironment environment, PlanScope scope, AccessCheck check) {
        if (cache.writtenSince(entry)) {
            return "a table it read was written through the gateway since";
        }
        if (!entry.dependencies().isCurrent(environment, check, scope)) {
            return "an object its planning looked up changed";
        }
        try {
            DataVersions.Sources sources =
                    DataVersions.sources(environment, entry.dependencies(), cache.config(), cache.wallClock());
            if (sources instanceof DataVersions.Versioned versioned) {
                return versioned.read().equals(entry.versions()) ? null : "the data of a table it read changed";
            }
            return ((DataVersions.Refused) sources).reason();
        } catch (RuntimeException e) {
            return "the versions of its data cannot be read now: " + e.getMessage();
        }
    }

    private static List<ResultCache.WrittenObject> writtenBy(List<DataAccess> accesses) {
        List<ResultCache.WrittenObject> objects = new ArrayList<>();
        for (DataAccess access : accesses) {
            if (access instanceof DataAccess.TableUse use && use.mode() == DataAccess.Mode.WRITE) {
                objects.add(object(use.table()));
            } else if (access instanceof DataAccess.DeclaredTable declared) {
                objects.add(object(declared.table()));
            } else if (access instanceof DataAccess.Change change) {
                objects.add(new ResultCache.WrittenObject(change.catalog(), change.database(), change.object()));
            }
        }
        return objects;
    }

    private static ResultCache.WrittenObject object(ObjectIdentifier table) {
        return new ResultCache.WrittenObject(table.getCatalogName(), table.getDatabaseName(), table.getObjectName());
    }
}
