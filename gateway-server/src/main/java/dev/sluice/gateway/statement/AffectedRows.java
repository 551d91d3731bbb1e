package dev.sluice.gateway.statement;

import dev.sluice.gateway.result.StatementOutcome;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;

import java.util.Iterator;

/** The count of rows a DML statement wrote, as its ended job reports it. */
final class AffectedRows {
    private AffectedRows() {}

    /**
     * Sums the row counts an ended DML job reports per sink. Flink reports -1 for a sink that does not know its count,
     * and then the statement's count is unknown.
     *
     * <p>The rows' iterator is read to its end and not closed: for an {@code INSERT}, Flink's iterator holds nothing
     * but the job's client, and its {@code close()} cancels the job whatever its state. The job has ended by the time
     * this runs, so that cancel would only make the JobManager log an ERROR ("Job cancellation failed because the job
     * has already reached another terminal state") for every write.
     */
    static StatementOutcome.UpdateCount of(TableResult result) {
        long affected = 0;
        boolean known = true;
        Iterator<Row> rows = result.collect();
        while (rows.hasNext()) {
            Row row = rows.next();
            for (int i = 0; i < row.getArity(); i++) {
                if (row.getField(i) instanceof Number count && count.longValue() >= 0) {
                    affected += count.longValue();
                } else {
                    known = false;
                }
            }
        }
        return known ? new StatementOutcome.UpdateCount(affected) : StatementOutcome.UpdateCount.unknown();
    }
}
