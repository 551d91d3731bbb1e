package dev.sluice.gateway.result;

import dev.sluice.jobs.CollectResultReader;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/** A job's result, read from its collect sink by Sluice's {@link CollectResultReader}. */
public final class CollectedQueryRows implements QueryRows, ResultProgress {
    private final CollectResultReader<RowData> reader;
    private final Function<RowData, Row> toRow;
    private final ClusterEndpoint cluster;

    /** @param cluster where the job runs, named when the cluster cannot be reached while rows are read */
    public CollectedQueryRows(
            CollectResultReader<RowData> reader, Function<RowData, Row> toRow, ClusterEndpoint cluster) {
        this.reader = requireNonNull(reader, "reader is null");
        this.toRow = requireNonNull(toRow, "toRow is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    @Override
    public List<Row> next(int maxRows, Duration timeout) {
        List<RowData> batch;
        try {
            batch = reader.next(maxRows, timeout);
        } catch (RuntimeException e) {
            // e.g. the JobManager died while its job ran: say which cluster, as a failed submission does
            throw ClusterUnavailableException.reportedAs(cluster, e);
        }
        List<Row> rows = new ArrayList<>(batch.size());
        for (RowData row : batch) {
            rows.add(toRow.apply(row));
        }
        return rows;
    }

    @Override
    public boolean isDone() {
        return reader.isDone();
    }

    @Override
    public long firstRowAtNanos() {
        return reader.firstRowAtNanos();
    }

    @Override
    public long endedAtNanos() {
        return reader.endedAtNanos();
    }

    @Override
    public int polls() {
        return reader.attempts();
    }

    @Override
    public void close() {
        reader.close();
    }
}
