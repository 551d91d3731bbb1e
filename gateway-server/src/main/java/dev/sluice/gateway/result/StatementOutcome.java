package dev.sluice.gateway.result;

import org.apache.flink.table.catalog.ResolvedSchema;

import static java.util.Objects.requireNonNull;

/** What running a statement produced: an update count, or rows to be fetched through a cursor. */
public sealed interface StatementOutcome {
    /**
     * The statement changed something (DDL, DML, SET) and returns no rows.
     *
     * @param count the rows changed: 0 for DDL and SET, the rows a DML job wrote when Flink reports it
     * @param known false for a DML job whose sinks did not report how many rows they wrote (Flink's -1); then
     *     {@code count} is 0
     */
    record UpdateCount(long count, boolean known) implements StatementOutcome {
        public UpdateCount {
            if (count < 0) {
                throw new IllegalArgumentException("count must be at least 0, was " + count);
            }
            if (!known && count != 0) {
                throw new IllegalArgumentException("an unknown count must be 0, was " + count);
            }
        }

        /** A count that is known. */
        public UpdateCount(long count) {
            this(count, true);
        }

        /** A DML statement whose count Flink does not know. */
        public static UpdateCount unknown() {
            return new UpdateCount(0, false);
        }
    }

    /**
     * The statement returns rows; the cursor is owned by the statement and closed with it.
     *
     * @param cancelJob cancels the job that produces the rows, from any thread and without waiting for a fetch that
     *     reads them (the fetch then fails); does nothing for rows without a job
     */
    record Rows(ResolvedSchema schema, ResultCursor cursor, Runnable cancelJob) implements StatementOutcome {
        public Rows {
            requireNonNull(schema, "schema is null");
            requireNonNull(cursor, "cursor is null");
            requireNonNull(cancelJob, "cancelJob is null");
        }

        /** Rows without a job to cancel (computed in the gateway). */
        public Rows(ResolvedSchema schema, ResultCursor cursor) {
            this(schema, cursor, () -> {});
        }
    }
}
