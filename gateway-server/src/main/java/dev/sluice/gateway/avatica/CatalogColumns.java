package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.MetaImpl;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.jspecify.annotations.Nullable;

import java.sql.DatabaseMetaData;

/**
 * Rows of {@code DatabaseMetaData.getColumns} for Flink columns, with the sizes JDBC defines: digits for numbers,
 * characters for strings, bytes for binary strings, and the length of the text form for dates and times.
 */
final class CatalogColumns {
    /** UTF-8 needs at most this many bytes per character (JDBC's CHAR_OCTET_LENGTH). */
    private static final int MAX_BYTES_PER_CHAR = 4;

    private CatalogColumns() {}

    static MetaImpl.MetaColumn row(
            String catalog,
            String database,
            String table,
            String column,
            LogicalType type,
            int ordinalPosition,
            boolean generated) {
        boolean nullable = type.isNullable();
        return new MetaImpl.MetaColumn(
                catalog,
                database,
                table,
                column,
                ColumnTypes.jdbcType(type),
                ColumnTypes.typeName(type),
                columnSize(type),
                decimalDigits(type),
                isNumeric(type) ? 10 : null,
                nullable ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
                charOctetLength(type),
                ordinalPosition,
                nullable ? "YES" : "NO",
                "NO",
                generated ? "YES" : "NO");
    }

    static @Nullable Integer columnSize(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case CHAR, VARCHAR, BINARY, VARBINARY, DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE ->
                ColumnTypes.precision(type);
            case BOOLEAN -> 1;
            case DATE -> 10;
            case TIME_WITHOUT_TIME_ZONE -> withFraction(8, LogicalTypeChecks.getPrecision(type));
            case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE, TIMESTAMP_WITH_TIME_ZONE ->
                withFraction(19, LogicalTypeChecks.getPrecision(type));
            default -> null;
        };
    }

    private static @Nullable Integer decimalDigits(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case DECIMAL -> ColumnTypes.scale(type);
            case TINYINT, SMALLINT, INTEGER, BIGINT -> 0;
            case TIME_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                    TIMESTAMP_WITH_TIME_ZONE -> LogicalTypeChecks.getPrecision(type);
            default -> null;
        };
    }

    private static @Nullable Integer charOctetLength(LogicalType type) {
        long length = switch (type.getTypeRoot()) {
            case CHAR -> (long) ((CharType) type).getLength() * MAX_BYTES_PER_CHAR;
            case VARCHAR -> (long) ((VarCharType) type).getLength() * MAX_BYTES_PER_CHAR;
            case BINARY -> ((BinaryType) type).getLength();
            case VARBINARY -> ((VarBinaryType) type).getLength();
            default -> -1;
        };
        return length < 0 ? null : (int) Math.min(Integer.MAX_VALUE, length);
    }

    private static boolean isNumeric(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case DECIMAL, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /** Characters of "hh:mm:ss" or "yyyy-mm-dd hh:mm:ss", plus a dot and the fraction digits if any. */
    private static int withFraction(int base, int fractionDigits) {
        return fractionDigits > 0 ? base + 1 + fractionDigits : base;
    }
}
