package dev.sluice.gateway.statement;

import dev.sluice.gateway.result.StatementOutcome;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/** The count of rows a DML statement wrote, as its ended job reports it. */
final class AffectedRows {
    private AffectedRows() {}

    /**
     * Sums the row counts an ended DML job reports per sink. Flink reports -1 for a sink that does not know its count,
     * and then the statement's count is unknown.
     */
    static StatementOutcome.UpdateCount of(TableResult result) {
        long affected = 0;
        boolean known = true;
        try (CloseableIterator<Row> rows = result.collect()) {
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
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Closing the result of a DML statement failed", e);
        }
        return known ? new StatementOutcome.UpdateCount(affected) : StatementOutcome.UpdateCount.unknown();
    }
}
