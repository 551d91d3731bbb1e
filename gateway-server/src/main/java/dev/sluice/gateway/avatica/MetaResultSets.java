package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.AvaticaUtils;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Result sets of {@code DatabaseMetaData} calls, with the columns JDBC specifies for each call.
 *
 * <p>The columns come from Avatica's row classes ({@link MetaImpl.MetaTable} and friends), in their field order, so
 * every Avatica client sees the same shape as from Avatica's own JDBC server.
 */
final class MetaResultSets {
    private MetaResultSets() {}

    /** A complete result of rows of {@code rowClass}, in one frame, on a statement made for it. */
    static Meta.MetaResultSet of(String connectionId, int statementId, Class<?> rowClass, List<?> rows) {
        return of(connectionId, statementId, true, rowClass, rows);
    }

    /**
     * A complete result of rows of {@code rowClass}, in one frame.
     *
     * @param ownStatement whether the statement was made for this result (a metadata call), so that the client closes
     *     it with the result, rather than one the client executed
     */
    static Meta.MetaResultSet of(
            String connectionId, int statementId, boolean ownStatement, Class<?> rowClass, List<?> rows) {
        List<Field> fields = publicInstanceFields(rowClass);
        List<ColumnMetaData> columns = new ArrayList<>(fields.size());
        for (Field field : fields) {
            columns.add(MetaImpl.columnMetaData(
                    AvaticaUtils.camelToUpper(field.getName()),
                    columns.size(),
                    field.getType(),
                    field.getType().isPrimitive() ? DatabaseMetaData.columnNoNulls : DatabaseMetaData.columnNullable));
        }
        List<Object> frameRows = new ArrayList<>(rows.size());
        for (Object row : rows) {
            List<Object> values = new ArrayList<>(fields.size());
            for (Field field : fields) {
                try {
                    values.add(field.get(row));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("Cannot read " + field, e);
                }
            }
            frameRows.add(values);
        }
        Meta.Signature signature = new Meta.Signature(
                columns,
                "",
                Collections.emptyList(),
                Collections.emptyMap(),
                Meta.CursorFactory.LIST,
                Meta.StatementType.SELECT);
        return Meta.MetaResultSet.create(
                connectionId, statementId, ownStatement, signature, new Meta.Frame(0, true, frameRows));
    }

    private static List<Field> publicInstanceFields(Class<?> rowClass) {
        List<Field> fields = new ArrayList<>();
        for (Field field : rowClass.getFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                fields.add(field);
            }
        }
        return fields;
    }
}
