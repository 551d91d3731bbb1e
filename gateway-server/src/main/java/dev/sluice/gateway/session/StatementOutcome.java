package dev.sluice.gateway.session;

import org.apache.flink.table.catalog.ResolvedSchema;

import static java.util.Objects.requireNonNull;

/** What running a statement produced: an update count, or rows to be fetched through a cursor. */
public sealed interface StatementOutcome {
    /** The statement changed something (DDL, DML, SET) and returns no rows. */
    record UpdateCount(long count) implements StatementOutcome {
        public UpdateCount {
            if (count < 0) {
                throw new IllegalArgumentException("count must be at least 0, was " + count);
            }
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
