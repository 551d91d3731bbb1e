package dev.sluice.gateway.result;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A changelog read as changes: each row's kind in a first column, and the row itself an insert. */
final class ChangeColumnTest {
    @Test
    void eachKindIsWrittenAsFlinksSqlClientShowsIt() {
        assertThat(ChangeColumn.prepend(Row.ofKind(RowKind.INSERT, "a", 1))).isEqualTo(Row.of("+I", "a", 1));
        assertThat(ChangeColumn.prepend(Row.ofKind(RowKind.UPDATE_BEFORE, "a", 1)))
                .isEqualTo(Row.of("-U", "a", 1));
        assertThat(ChangeColumn.prepend(Row.ofKind(RowKind.UPDATE_AFTER, "a", 5)))
                .isEqualTo(Row.of("+U", "a", 5));
        assertThat(ChangeColumn.prepend(Row.ofKind(RowKind.DELETE, "a", 5)).getKind())
                .isEqualTo(RowKind.INSERT);
    }

    @Test
    void theSchemaGainsANotNullOpColumnFirst() {
        ResolvedSchema schema = ResolvedSchema.of(Column.physical("letter", DataTypes.STRING()));

        ResolvedSchema changes = ChangeColumn.prependTo(schema);

        assertThat(changes.getColumnNames()).containsExactly("op", "letter");
        assertThat(changes.getColumns().get(0).getDataType())
                .isEqualTo(DataTypes.STRING().notNull());
    }
}
