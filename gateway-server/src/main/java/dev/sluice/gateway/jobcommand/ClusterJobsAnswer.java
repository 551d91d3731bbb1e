package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Answers {@code SHOW JOBS} with the jobs of the session's cluster, read through the cluster's shared REST client:
 * Flink's TableEnvironment cannot run the statement, and only its SQL gateway can.
 *
 * <p>The columns are Flink's SQL gateway's, plus how long each job ran; every job of the cluster is listed, also those
 * of other sessions and other clients, as Flink lists them.
 */
public final class ClusterJobsAnswer {
    static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("job id", DataTypes.STRING().notNull()),
            Column.physical("job name", DataTypes.STRING().notNull()),
            Column.physical("status", DataTypes.STRING().notNull()),
            Column.physical("start time", DataTypes.STRING().notNull()),
            Column.physical("duration ms", DataTypes.BIGINT().notNull()));

    private final Supplier<List<ClusterJob>> jobs;

    /** @param jobs lists the cluster's jobs; throws {@code ClusterUnavailableException} if it does not answer */
    public ClusterJobsAnswer(Supplier<List<ClusterJob>> jobs) {
        this.jobs = requireNonNull(jobs, "jobs is null");
    }

    public StatementOutcome.Rows show() {
        List<Row> rows = jobs.get().stream()
                .map(job -> Row.of(
                        job.id(),
                        job.name(),
                        job.state(),
                        job.startTime().toString(),
                        job.duration().toMillis()))
                .toList();
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }
}
