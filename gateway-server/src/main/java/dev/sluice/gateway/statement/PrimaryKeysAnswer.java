package dev.sluice.gateway.statement;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.planner.PrimaryKeysStatement;
import dev.sluice.planner.catalog.PrimaryKeyColumn;
import dev.sluice.planner.catalog.SessionCatalog;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;

import java.util.List;

/**
 * Answers Sluice's {@code SHOW PRIMARY KEYS} with the columns of {@code DatabaseMetaData.getPrimaryKeys}, which
 * Avatica's protocol has no request for: a client of the stock Avatica driver finds primary keys with this statement.
 */
public final class PrimaryKeysAnswer {
    static final ResolvedSchema SCHEMA = ResolvedSchema.of(
            Column.physical("TABLE_CAT", DataTypes.STRING()),
            Column.physical("TABLE_SCHEM", DataTypes.STRING()),
            Column.physical("TABLE_NAME", DataTypes.STRING()),
            Column.physical("COLUMN_NAME", DataTypes.STRING()),
            Column.physical("KEY_SEQ", DataTypes.SMALLINT().notNull()),
            Column.physical("PK_NAME", DataTypes.STRING()));

    private PrimaryKeysAnswer() {}

    /** The primary key of the table {@code keys} names, read from the session's catalogs. */
    public static StatementOutcome.Rows of(TableEnvironment environment, PrimaryKeysStatement keys) {
        return of(SessionCatalog.of(environment).primaryKeys(keys.catalog(), keys.database(), keys.table()));
    }

    /** The rows of {@code columns}, in their order. */
    public static StatementOutcome.Rows of(List<PrimaryKeyColumn> columns) {
        List<Row> rows = columns.stream()
                .map(column -> Row.of(
                        column.catalog(),
                        column.database(),
                        column.table(),
                        column.column(),
                        column.keySequence(),
                        column.keyName()))
                .toList();
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(rows));
    }
}
