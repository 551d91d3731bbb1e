package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.SqlType;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps Flink column types to JDBC types and Avatica column metadata.
 *
 * <p>The wire representation follows Avatica's own JDBC server: the {@link ColumnMetaData.Rep} is the one of the
 * JDBC type's internal Java class, and {@link WireValues} produces values of that class. {@code ARRAY}, {@code MAP}
 * and {@code ROW} are {@code ARRAY}, {@code JAVA_OBJECT} and {@code STRUCT} in JDBC, and take the forms
 * {@link StructuredColumns} describes in a result. Other types JDBC cannot express directly (multisets, intervals, raw)
 * travel as their SQL text, typed {@code VARCHAR} with Flink's type name, so no value is ever dropped.
 * {@code TIMESTAMP_LTZ} is an instant: {@code TIMESTAMP_WITH_TIMEZONE} in {@code getColumns} and {@code getTypeInfo},
 * and in a result a text column with the offset ({@link WireValues}, {@link #wireJdbcType}).
 */
final class ColumnTypes {
    private ColumnTypes() {}

    static List<ColumnMetaData> columns(ResolvedSchema schema) {
        return columns(schema, WireForms.PLAIN);
    }

    /** The columns of {@code schema} for a connection whose results take {@code forms}. */
    static List<ColumnMetaData> columns(ResolvedSchema schema, WireForms forms) {
        List<Column> flinkColumns = schema.getColumns();
        List<ColumnMetaData> columns = new ArrayList<>(flinkColumns.size());
        for (int i = 0; i < flinkColumns.size(); i++) {
            Column column = flinkColumns.get(i);
            LogicalType type = column.getDataType().getLogicalType();
            if (StructuredColumns.isStructured(type)) {
                columns.add(column(
                        i,
                        column.getName(),
                        type,
                        StructuredColumns.avaticaType(type, forms),
                        StructuredColumns.className(type, forms)));
            } else if (forms.timestamps().asText(type)) {
                // a timestamp sent as text: typed VARCHAR, named TIMESTAMP(p), its values strings
                columns.add(column(
                        i,
                        column.getName(),
                        type,
                        ColumnMetaData.scalar(
                                Types.VARCHAR, WireTimestamps.textTypeName(type), ColumnMetaData.Rep.STRING),
                        String.class.getName()));
            } else {
                columns.add(column(i, column.getName(), type));
            }
        }
        return columns;
    }

    /** A result column of a type that is not structured, as every client reads it. */
    static ColumnMetaData column(int ordinal, String name, LogicalType type) {
        SqlType sqlType = SqlType.valueOf(wireJdbcType(type));
        // JDBC: the class getObject returns, so boxed for primitive types
        return column(
                ordinal,
                name,
                type,
                scalarType(type),
                ColumnMetaData.Rep.nonPrimitiveRepOf(sqlType).clazz.getName());
    }

    /** The Avatica type of a type that is not structured, as a column or as an array's element. */
    static ColumnMetaData.ScalarType scalarType(LogicalType type) {
        int jdbcType = wireJdbcType(type);
        // FLOAT travels as a double (WireValues): Avatica's protobuf encodes a Java float as its bits in number_value,
        // which clients other than Avatica's own read as 0; NUMBER lets Avatica's JDBC client read a double as REAL
        ColumnMetaData.Rep rep = jdbcType == Types.REAL
                ? ColumnMetaData.Rep.NUMBER
                : ColumnMetaData.Rep.of(SqlType.valueOf(jdbcType).internal);
        return ColumnMetaData.scalar(jdbcType, typeName(type), rep);
    }

    /**
     * The Avatica type of an array's element of a type that is not structured: as {@link #scalarType}, with a boxed
     * representation, since an element may be null (Avatica's client makes an {@code int[]} of an array whose
     * component is a primitive {@code int}).
     */
    static ColumnMetaData.ScalarType elementType(LogicalType type) {
        ColumnMetaData.ScalarType scalar = scalarType(type);
        return scalar.rep == ColumnMetaData.Rep.NUMBER
                ? scalar
                : ColumnMetaData.scalar(
                        scalar.id, scalar.name, ColumnMetaData.Rep.serialRepOf(SqlType.valueOf(scalar.id)));
    }

    private static ColumnMetaData column(
            int ordinal, String name, LogicalType type, ColumnMetaData.AvaticaType avaticaType, String className) {
        return new ColumnMetaData(
                ordinal,
                false,
                true,
                true,
                false,
                type.isNullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
                isSigned(type),
                displaySize(type),
                name,
                name,
                null,
                precision(type),
                scale(type),
                null,
                null,
                avaticaType,
                true,
                false,
                false,
                className);
    }

    /**
     * The JDBC type a result column of the type is given: {@link #jdbcType}, except that a {@code TIMESTAMP_LTZ} is
     * {@code VARCHAR} named {@code TIMESTAMP_LTZ}, as the constructed types are, because Avatica's JDBC client (1.29)
     * cannot {@code getObject} a {@code TIMESTAMP_WITH_TIMEZONE} column ("not implemented"). Sluice's driver knows the
     * name and reports {@code TIMESTAMP_WITH_TIMEZONE}. Only for types that are not structured
     * ({@link StructuredColumns}).
     */
    static int wireJdbcType(LogicalType type) {
        int jdbcType = jdbcType(type);
        return jdbcType == Types.TIMESTAMP_WITH_TIMEZONE ? Types.VARCHAR : jdbcType;
    }

    /** The JDBC type of a Flink type; see the class comment for types without a JDBC equivalent. */
    static int jdbcType(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case BOOLEAN -> Types.BOOLEAN;
            case BINARY -> Types.BINARY;
            case VARBINARY -> Types.VARBINARY;
            case DECIMAL -> Types.DECIMAL;
            case TINYINT -> Types.TINYINT;
            case SMALLINT -> Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case FLOAT -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DATE -> Types.DATE;
            case TIME_WITHOUT_TIME_ZONE -> Types.TIME;
            case TIMESTAMP_WITHOUT_TIME_ZONE -> Types.TIMESTAMP;
            // an instant, whose values are text with the offset (WireValues), as Avatica represents the type
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_WITH_TIME_ZONE -> Types.TIMESTAMP_WITH_TIMEZONE;
            case NULL -> Types.NULL;
            case ARRAY -> Types.ARRAY;
            case ROW -> Types.STRUCT;
            case MAP -> Types.JAVA_OBJECT;
            case INTERVAL_YEAR_MONTH,
                    INTERVAL_DAY_TIME,
                    MULTISET,
                    DISTINCT_TYPE,
                    STRUCTURED_TYPE,
                    RAW,
                    SYMBOL,
                    UNRESOLVED,
                    DESCRIPTOR,
                    VARIANT,
                    BITMAP -> Types.VARCHAR;
        };
    }

    static String typeName(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case VARCHAR -> "VARCHAR";
            case CHAR -> "CHAR";
            case BINARY -> "BINARY";
            case VARBINARY -> "VARBINARY";
            case DECIMAL -> "DECIMAL";
            case INTEGER -> "INTEGER"; // Flink writes INT; getTypeInfo and JDBC say INTEGER, and clients match them
            case FLOAT -> "FLOAT";
            case TIME_WITHOUT_TIME_ZONE -> "TIME";
            case TIMESTAMP_WITHOUT_TIME_ZONE -> "TIMESTAMP";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "TIMESTAMP_LTZ";
            // the base name, as JDBC names a parameterized type, so that getTypeInfo can list it (avatica-go maps a
            // getColumns column by it); a result column is named by the whole type (StructuredColumns.name)
            case ARRAY -> "ARRAY";
            case MAP -> "MAP";
            case MULTISET -> "MULTISET";
            case ROW -> "ROW";
            default -> type.copy(true).asSummaryString();
        };
    }

    static boolean isSigned(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    static int precision(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case CHAR -> ((CharType) type).getLength();
            case VARCHAR -> ((VarCharType) type).getLength();
            case BINARY -> ((org.apache.flink.table.types.logical.BinaryType) type).getLength();
            case VARBINARY -> ((VarBinaryType) type).getLength();
            case DECIMAL -> ((DecimalType) type).getPrecision();
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case FLOAT -> 7;
            case DOUBLE -> 15;
            default -> precisionOrZero(type);
        };
    }

    /** Types without a precision (BOOLEAN, DATE, ARRAY, ...) make Flink's extractor throw; JDBC says 0 for them. */
    private static int precisionOrZero(LogicalType type) {
        try {
            return LogicalTypeChecks.getPrecision(type);
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    static int scale(LogicalType type) {
        return type instanceof DecimalType decimal ? decimal.getScale() : 0;
    }

    private static int displaySize(LogicalType type) {
        int precision = precision(type);
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> 5;
            case DATE -> 10;
            case TIME_WITHOUT_TIME_ZONE -> 12;
            case TIMESTAMP_WITHOUT_TIME_ZONE -> 29;
            // 2024-01-02 12:34:56.123456789+01:00
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_WITH_TIME_ZONE -> 35;
            case DECIMAL -> precision + 2;
            default -> precision > 0 ? precision : 20;
        };
    }
}
