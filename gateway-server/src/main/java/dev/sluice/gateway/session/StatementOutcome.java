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

    /** The statement returns rows; the cursor is owned by the statement and closed with it. */
    record Rows(ResolvedSchema schema, ResultCursor cursor) implements StatementOutcome {
        public Rows {
            requireNonNull(schema, "schema is null");
            requireNonNull(cursor, "cursor is null");
        }
    }
}
