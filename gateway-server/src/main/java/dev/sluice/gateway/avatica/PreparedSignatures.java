package dev.sluice.gateway.avatica;

import dev.sluice.planner.plan.StatementAnalysis;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.SqlType;
import org.apache.flink.table.types.logical.LogicalType;

import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The Avatica signature of a prepared statement: its parameters with the types Flink inferred, and its result
 * columns when they are known before execution.
 *
 * <p>A marker nothing types is reported as {@code VARCHAR} (any value may be bound; it keeps its own type), the
 * most widely understood choice for BI tools; its statement's columns come with the first execution.
 */
final class PreparedSignatures {
    private PreparedSignatures() {}

    /** The signature for a connection whose results take {@code forms}, as its executions' results will. */
    static Meta.Signature signature(String sql, StatementAnalysis analysis, WireForms forms) {
        List<ColumnMetaData> columns =
                analysis.columns() == null ? List.of() : ColumnTypes.columns(analysis.columns(), forms);
        List<AvaticaParameter> parameters = new ArrayList<>();
        for (int i = 0; i < analysis.parameterTypes().size(); i++) {
            LogicalType type = analysis.parameterTypes().get(i);
            parameters.add(type == null ? untyped(i) : typed(i, type));
        }
        return new Meta.Signature(
                columns,
                sql,
                parameters,
                Collections.emptyMap(),
                Meta.CursorFactory.LIST,
                // as for executed statements: Avatica's client reads an update count from DML results either way
                Meta.StatementType.SELECT);
    }

    private static AvaticaParameter typed(int index, LogicalType type) {
        int columnType = ColumnTypes.jdbcType(type);
        // a TIMESTAMP_LTZ marker takes a timestamp (setTimestamp), read as wall-clock time in the session's zone
        // (ParameterLiterals); a result column of the type is an instant with its offset, sent as text. An ARRAY, MAP
        // or ROW marker takes what it always took: a value bound as text
        int jdbcType = columnType == Types.TIMESTAMP_WITH_TIMEZONE
                ? Types.TIMESTAMP
                : StructuredColumns.isStructured(type) ? Types.VARCHAR : columnType;
        return new AvaticaParameter(
                ColumnTypes.isSigned(type),
                ColumnTypes.precision(type),
                ColumnTypes.scale(type),
                jdbcType,
                ColumnTypes.typeName(type),
                ColumnMetaData.Rep.nonPrimitiveRepOf(SqlType.valueOf(jdbcType))
                        .clazz
                        .getName(),
                "?" + (index + 1));
    }

    private static AvaticaParameter untyped(int index) {
        return new AvaticaParameter(false, 0, 0, Types.VARCHAR, "VARCHAR", String.class.getName(), "?" + (index + 1));
    }
}
