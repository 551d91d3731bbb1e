package dev.sluice.gateway.avatica;

import dev.sluice.planner.catalog.PrimaryKeyColumn;
import org.jspecify.annotations.Nullable;

/**
 * A row of {@code DatabaseMetaData.getPrimaryKeys}: the fields of Avatica's {@code MetaImpl.MetaPrimaryKey}, in its
 * order, whose constructor Avatica does not make public. {@link MetaResultSets} reads the public fields.
 */
@SuppressWarnings("checkstyle:VisibilityModifier")
public final class PrimaryKeyRow {
    public final String tableCat;
    public final String tableSchem;
    public final String tableName;
    public final String columnName;
    public final short keySeq;
    public final @Nullable String pkName;

    static PrimaryKeyRow of(PrimaryKeyColumn column) {
        return new PrimaryKeyRow(
                column.catalog(),
                column.database(),
                column.table(),
                column.column(),
                column.keySequence(),
                column.keyName());
    }

    private PrimaryKeyRow(
            String tableCat,
            String tableSchem,
            String tableName,
            String columnName,
            short keySeq,
            @Nullable String pkName) {
        this.tableCat = tableCat;
        this.tableSchem = tableSchem;
        this.tableName = tableName;
        this.columnName = columnName;
        this.keySeq = keySeq;
        this.pkName = pkName;
    }
}
