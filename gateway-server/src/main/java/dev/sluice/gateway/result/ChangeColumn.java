package dev.sluice.gateway.result;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.util.ArrayList;
import java.util.List;

/**
 * The first column of a changelog read as changes ({@code sluice.query.result-mode = CHANGELOG}): {@code op}, a row's
 * kind as Flink's SQL client shows it: {@code +I} an insert, {@code -U} the row as it was before an update, {@code
 * +U} as it is after, {@code -D} a delete.
 */
public final class ChangeColumn {
    public static final String NAME = "op";

    private ChangeColumn() {}

    /** {@code schema} with the change column first. */
    public static ResolvedSchema prependTo(ResolvedSchema schema) {
        List<Column> columns = new ArrayList<>(schema.getColumnCount() + 1);
        columns.add(Column.physical(NAME, DataTypes.STRING().notNull()));
        columns.addAll(schema.getColumns());
        return ResolvedSchema.of(columns);
    }

    /** {@code row}'s kind and fields, as an insert. */
    static Row prepend(Row row) {
        RowKind kind = row.getKind();
        Row fields = Row.copy(row);
        fields.setKind(RowKind.INSERT);
        Row change = Row.join(Row.of(kind.shortString()), fields);
        change.setKind(RowKind.INSERT);
        return change;
    }
}
