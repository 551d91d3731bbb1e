package dev.sluice.gateway.result;

import dev.sluice.gateway.push.PushedQueryRows;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.types.Row;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * A job's result as its sink pushes it to the gateway's result endpoint. It ends with the sink's end of the result,
 * not with the job's end on the JobManager, so the query is answered while the job winds down.
 */
public final class PushedResultRows implements QueryRows, ResultProgress {
    private final PushedQueryRows rows;
    private final ClusterEndpoint cluster;

    public PushedResultRows(PushedQueryRows rows, ClusterEndpoint cluster) {
        this.rows = requireNonNull(rows, "rows is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    /**
     * {@inheritDoc}
     *
     * @throws ClusterUnavailableException when the result failed because the cluster cannot be reached (the job's
     *     end could not be learned): the same error as a collected query's
     */
    @Override
    public List<Row> next(int maxRows, Duration timeout) {
        try {
            return rows.next(maxRows, timeout);
        } catch (RuntimeException e) {
            throw ClusterUnavailableException.reportedAs(cluster, e);
        }
    }

    /** Whether the query's job carries other queries too. */
    public boolean sharesJob() {
        return rows.isSharedJob();
    }

    /** See {@link PushedQueryRows#awaitEndOrFailure}. */
    public Optional<RuntimeException> awaitEndOrFailure(Duration timeout) {
        return rows.awaitEndOrFailure(timeout);
    }

    @Override
    public boolean isDone() {
        return rows.isDone();
    }

    /**
     * Waits until the job's sink has connected, or the result failed or ended, at most {@code timeout}.
     *
     * @return the failure when the result failed before any sink connected: no row of it reached the client
     */
    public Optional<RuntimeException> awaitFirstSink(Duration timeout) {
        return rows.awaitFirstSink(timeout);
    }

    @Override
    public long firstRowAtNanos() {
        return rows.firstRowArrivalNanos();
    }

    @Override
    public long endedAtNanos() {
        return rows.endArrivalNanos();
    }

    @Override
    public int polls() {
        return 0;
    }

    @Override
    public void close() {
        rows.close();
    }
}
