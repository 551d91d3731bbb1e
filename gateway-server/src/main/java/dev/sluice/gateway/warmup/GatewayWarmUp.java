package dev.sluice.gateway.warmup;

import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.result.ResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.gateway.session.SessionRegistry;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.planner.SqlLiterals;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Warms a starting gateway up before it says it is ready: on each cluster, a session like a user's runs a join with an
 * aggregate and a filtered, sorted scan over datagen tables a few times, then reads a few tables of each declared
 * catalog ({@link WarmUpConfig#tablesPerCatalog()}) as a BI tool does: one row, then filtered and sorted, aggregated,
 * and by one value of its first column, twice each ({@link WarmUpTables}).
 *
 * <p>A JVM that has not yet run a query pays for it the first time: loading the planner's classes and Calcite's,
 * generating and compiling code, opening the REST client and the result endpoint's connections, and, on the cluster,
 * loading the runtime's and the connectors' classes in the TaskManager. The first user's query paid seconds for that
 * (issue #27); the warm-up pays it instead, through the same path a user's query takes. It runs through
 * {@link SessionRegistry}, so sessions, admission and the plan cache see it like any session's work; its sessions
 * create temporary tables, so they share no plan with users, and their plans go when they close.
 *
 * <p>A step that fails is logged and the warm-up goes on with the next: a cluster that is down, a policy that refuses
 * datagen, an empty catalog. None of that stops the gateway, which is ready when the warm-up ends either way.
 */
public final class GatewayWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayWarmUp.class);

    // enough for the JIT to compile the hot paths of planning and submission, not so many that a start waits long
    static final int ROUNDS = 5;
    static final List<String> TABLES = List.of(
            "create temporary table sluice_warm_up_facts (k INT, v STRING, amount DOUBLE) with ('connector' ="
                    + " 'datagen', 'number-of-rows' = '64', 'fields.k.min' = '1', 'fields.k.max' = '8',"
                    + " 'fields.v.length' = '4')",
            "create temporary table sluice_warm_up_keys (k INT, name STRING) with ('connector' = 'datagen',"
                    + " 'number-of-rows' = '8', 'fields.k.kind' = 'sequence', 'fields.k.start' = '1',"
                    + " 'fields.k.end' = '8', 'fields.name.length' = '4')");
    // the shapes of a BI tool's queries: a join with an aggregate and a top-n, and a filtered, sorted scan
    static final List<String> QUERIES = List.of(
            "select k.name, count(*) as facts, sum(f.amount) as total from sluice_warm_up_facts f"
                    + " join sluice_warm_up_keys k on f.k = k.k group by k.name order by total desc limit 5",
            "select k, v, amount from sluice_warm_up_facts where k = 3 and amount > 0 order by v");
    // a declared catalog's table read as a BI tool reads one: filtered and sorted, and aggregated; each round with
    // another row count, so that each plans afresh (planning a catalog's table warms its own code paths: its
    // lookups, the pushed-down filter, the reader's splits, and on the cluster its columns' readers); %1$s is the
    // table, %2$s its first column, %3$d the count
    static final List<String> CATALOG_QUERIES = List.of(
            "select * from %1$s where %2$s is not null order by %2$s limit %3$d",
            "select %2$s, count(*) as n from %1$s where %2$s is not null group by %2$s order by n desc limit %3$d");
    // a point lookup, the commonest of a service's queries: the first column equal to the value of the row read
    // first (%4$s, a typed literal), which a source may take as a pushed-down equality
    static final String CATALOG_LOOKUP = "select * from %1$s where %2$s = %4$s order by %2$s limit %3$d";
    static final int CATALOG_ROUNDS = 2;
    private static final int FETCH_SIZE = 1000;
    private static final int KEPT_ROWS = 1;

    private final SessionRegistry sessions;
    private final List<String> clusters;
    private final List<String> catalogs;
    private final WarmUpConfig config;
    private final LongSupplier nanoClock;

    /**
     * @param clusters the names of the clusters to warm up, the default first
     * @param catalogs the names of the declared catalogs, whose first table is read
     */
    public GatewayWarmUp(
            SessionRegistry sessions,
            List<String> clusters,
            List<String> catalogs,
            WarmUpConfig config,
            LongSupplier nanoClock) {
        this.sessions = requireNonNull(sessions, "sessions is null");
        this.clusters = List.copyOf(clusters);
        this.catalogs = List.copyOf(catalogs);
        this.config = requireNonNull(config, "config is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    /** What the warm-up did: one line per step, with its time or why it failed. */
    public record Report(List<String> steps, int failures, Duration took) {
        public Report {
            steps = List.copyOf(steps);
            requireNonNull(took, "took is null");
        }
    }

    /** Runs the warm-up to its end or its timeout; never throws for a failed step. */
    public Report run() {
        long start = nanoClock.getAsLong();
        long deadline = start + config.timeout().toNanos();
        List<String> steps = new ArrayList<>();
        int failures = 0;
        for (String cluster : clusters) {
            Duration left = Duration.ofNanos(deadline - nanoClock.getAsLong());
            if (left.isNegative() || left.isZero()) {
                steps.add("cluster " + cluster + ": not warmed up, " + WarmUpOptions.TIMEOUT.key() + " ("
                        + config.timeout() + ") was over");
                failures++;
                continue;
            }
            failures += warmUp(cluster, left, deadline, steps);
        }
        Duration took = Duration.ofNanos(nanoClock.getAsLong() - start);
        Report report = new Report(steps, failures, took);
        if (failures == 0) {
            LOG.info("Warm-up done in {} ms:\n  {}", took.toMillis(), String.join("\n  ", steps));
        } else {
            LOG.warn(
                    "Warm-up done in {} ms, {} steps failed (the first queries of their kind may be slow):\n  {}",
                    took.toMillis(),
                    failures,
                    String.join("\n  ", steps));
        }
        return report;
    }

    /**
     * Warms one cluster up: its datagen queries in a session of their own, then the declared catalogs' tables in
     * another that creates nothing, as a BI tool's session is (one that shares plans with others); returns the number
     * of failed steps.
     */
    private int warmUp(String cluster, Duration left, long deadline, List<String> steps) {
        return warmUpJobs(cluster, left, deadline, steps)
                + (catalogs.isEmpty() ? 0 : warmUpCatalogs(cluster, left, deadline, steps));
    }

    private int warmUpJobs(String cluster, Duration left, long deadline, List<String> steps) {
        String id = "sluice-warm-up-" + UUID.randomUUID();
        GatewaySession session = open(id, cluster, left, steps);
        if (session == null) {
            return 1;
        }
        int failures = 0;
        try {
            for (String table : TABLES) {
                if (step(session, cluster, "datagen table", table, deadline, steps)
                        .isEmpty()) {
                    return failures + 1;
                }
            }
            rounds:
            for (int round = 1; round <= ROUNDS; round++) {
                for (int query = 0; query < QUERIES.size(); query++) {
                    String what = "query " + (query + 1) + ", round " + round;
                    if (step(session, cluster, what, QUERIES.get(query), deadline, steps)
                            .isEmpty()) {
                        failures++;
                        break rounds;
                    }
                }
            }
        } finally {
            sessions.close(id, GatewayUser.ANONYMOUS);
        }
        return failures;
    }

    private int warmUpCatalogs(String cluster, Duration left, long deadline, List<String> steps) {
        String id = "sluice-warm-up-" + UUID.randomUUID();
        GatewaySession session = open(id, cluster, left, steps);
        if (session == null) {
            return 1;
        }
        int failures = 0;
        try {
            for (String catalog : catalogs) {
                List<WarmUpTables.Table> tables = session.withTableEnvironment(
                        environment -> WarmUpTables.of(environment, catalog, config.tablesPerCatalog()));
                if (tables.isEmpty()) {
                    steps.add("cluster " + cluster + ", catalog " + catalog + ": no table to read yet");
                    continue;
                }
                for (WarmUpTables.Table table : tables) {
                    Optional<List<Row>> oneRow = step(
                            session,
                            cluster,
                            "one row of " + table.name(),
                            "select " + table.firstColumn() + " from " + table.name() + " limit 1",
                            deadline,
                            steps);
                    if (oneRow.isEmpty()
                            || !catalogRounds(session, cluster, table, lookupLiteral(oneRow.get()), deadline, steps)) {
                        failures++;
                    }
                }
            }
        } finally {
            sessions.close(id, GatewayUser.ANONYMOUS);
        }
        return failures;
    }

    /** A session of the warm-up on {@code cluster}; null, with the step that says why, if none opens. */
    private @Nullable GatewaySession open(String id, String cluster, Duration left, List<String> steps) {
        try {
            return sessions.open(
                    id,
                    GatewayUser.ANONYMOUS,
                    Map.of(
                            SessionRegistry.CLUSTER_PROPERTY,
                            cluster,
                            // no statement outlives the warm-up
                            SessionOptions.QUERY_TIMEOUT.key(),
                            Math.max(1, left.toMillis()) + " ms",
                            // each round must plan and run its job again: warming is the point, not an answer
                            ResultCacheOptions.ENABLED.key(),
                            "false"));
        } catch (RuntimeException e) {
            steps.add("cluster " + cluster + ": no session: " + e.getMessage());
            return null;
        }
    }

    /**
     * Runs {@link #CATALOG_QUERIES} on a declared catalog's table, and {@link #CATALOG_LOOKUP} when its first row had
     * a value to look up; returns whether every one succeeded.
     */
    private boolean catalogRounds(
            GatewaySession session,
            String cluster,
            WarmUpTables.Table table,
            Optional<String> lookupLiteral,
            long deadline,
            List<String> steps) {
        List<String> queries = new ArrayList<>(CATALOG_QUERIES);
        lookupLiteral.ifPresent(literal -> queries.add(CATALOG_LOOKUP));
        for (int round = 1; round <= CATALOG_ROUNDS; round++) {
            for (int query = 0; query < queries.size(); query++) {
                String sql = String.format(
                        java.util.Locale.ROOT,
                        queries.get(query),
                        table.name(),
                        table.firstColumn(),
                        round + 1,
                        lookupLiteral.orElse(""));
                String what = "query " + (query + 1) + " of " + table.name() + ", round " + round;
                if (step(session, cluster, what, sql, deadline, steps).isEmpty()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The literal of the first column's value in {@code rows} (its first row), for the point lookup; empty when there is
     * no row, the value is null, or of a type that has no literal.
     */
    static Optional<String> lookupLiteral(List<Row> rows) {
        if (rows.isEmpty() || rows.get(0).getArity() == 0) {
            return Optional.empty();
        }
        @Nullable Object value = rows.get(0).getField(0);
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SqlLiterals.of(value));
        } catch (IllegalArgumentException e) {
            // a type without a literal (a structured value): the table is still read, without the lookup
            return Optional.empty();
        }
    }

    /** Runs one statement and reads its rows; returns them (none for a statement without rows), or empty if it failed. */
    private Optional<List<Row>> step(
            GatewaySession session, String cluster, String what, String sql, long deadline, List<String> steps) {
        if (nanoClock.getAsLong() >= deadline) {
            steps.add("cluster " + cluster + ", " + what + ": left, " + WarmUpOptions.TIMEOUT.key() + " ("
                    + config.timeout() + ") was over");
            return Optional.empty();
        }
        long start = nanoClock.getAsLong();
        GatewayStatement statement = session.createStatement();
        try {
            StatementOutcome outcome = session.execute(statement, sql, 0);
            List<Row> rows = outcome instanceof StatementOutcome.Rows result ? readAll(result.cursor()) : List.of();
            steps.add(String.format(
                    java.util.Locale.ROOT,
                    "cluster %s, %s: %d ms",
                    cluster,
                    what,
                    Duration.ofNanos(nanoClock.getAsLong() - start).toMillis()));
            return Optional.of(rows);
        } catch (RuntimeException e) {
            steps.add("cluster " + cluster + ", " + what + ": failed: " + e.getMessage());
            LOG.debug("Warm-up step '{}' on cluster {} failed", what, cluster, e);
            return Optional.empty();
        } finally {
            session.closeStatement(statement.id());
        }
    }

    /** Reads a result to its end; keeps its first rows (the warm-up's results are a few rows each). */
    private static List<Row> readAll(ResultCursor cursor) {
        List<Row> kept = new ArrayList<>();
        try {
            while (!cursor.isDone()) {
                List<Row> page = cursor.next(FETCH_SIZE);
                if (kept.size() < KEPT_ROWS) {
                    kept.addAll(page.subList(0, Math.min(page.size(), KEPT_ROWS - kept.size())));
                }
            }
        } finally {
            cursor.close();
        }
        return kept;
    }
}
