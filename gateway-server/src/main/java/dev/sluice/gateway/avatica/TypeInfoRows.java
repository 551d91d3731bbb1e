package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.MetaImpl;
import org.jspecify.annotations.Nullable;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.Comparator;
import java.util.List;

/**
 * Rows of {@code DatabaseMetaData.getTypeInfo}: the Flink SQL types a column can have, named as Flink's DDL
 * spells them (constructed types by their base name) and mapped to JDBC types as result columns are ({@link
 * ColumnTypes}), ordered by JDBC type as the specification asks.
 */
final class TypeInfoRows {
    private static final short SEARCHABLE = (short) DatabaseMetaData.typeSearchable;
    private static final short NOT_LIKE = (short) DatabaseMetaData.typePredBasic;

    private TypeInfoRows() {}

    static List<MetaImpl.MetaTypeInfo> rows() {
        return List.of(
                        number("TINYINT", Types.TINYINT, 3),
                        number("SMALLINT", Types.SMALLINT, 5),
                        number("INTEGER", Types.INTEGER, 10),
                        number("BIGINT", Types.BIGINT, 19),
                        decimal(),
                        number("FLOAT", Types.REAL, 7),
                        number("DOUBLE", Types.DOUBLE, 15),
                        text("CHAR", Types.CHAR, 2147483647),
                        text("VARCHAR", Types.VARCHAR, 2147483647),
                        binary("BINARY", Types.BINARY),
                        binary("VARBINARY", Types.VARBINARY),
                        other("BOOLEAN", Types.BOOLEAN, 1, null, null, (short) 0),
                        other("DATE", Types.DATE, 10, "DATE '", "'", (short) 0),
                        other("TIME", Types.TIME, 18, "TIME '", "'", (short) 9),
                        other("TIMESTAMP", Types.TIMESTAMP, 29, "TIMESTAMP '", "'", (short) 9),
                        other("TIMESTAMP_LTZ", Types.TIMESTAMP_WITH_TIMEZONE, 35, null, null, (short) 9),
                        // Flink's constructed types (ColumnTypes): ARRAY, JAVA_OBJECT and STRUCT for ARRAY, MAP, ROW
                        other("ARRAY", Types.ARRAY, 2147483647, null, null, (short) 0),
                        other("MAP", Types.JAVA_OBJECT, 2147483647, null, null, (short) 0),
                        other("MULTISET", Types.VARCHAR, 2147483647, null, null, (short) 0),
                        other("ROW", Types.STRUCT, 2147483647, null, null, (short) 0))
                .stream()
                .sorted(Comparator.comparingInt(row -> row.dataType))
                .toList();
    }

    private static MetaImpl.MetaTypeInfo number(String name, int jdbcType, int precision) {
        return new MetaImpl.MetaTypeInfo(
                name,
                jdbcType,
                precision,
                null,
                null,
                (short) DatabaseMetaData.typeNullable,
                false,
                NOT_LIKE,
                false,
                false,
                false,
                (short) 0,
                (short) 0,
                10);
    }

    private static MetaImpl.MetaTypeInfo decimal() {
        return new MetaImpl.MetaTypeInfo(
                "DECIMAL",
                Types.DECIMAL,
                38,
                null,
                null,
                (short) DatabaseMetaData.typeNullable,
                false,
                NOT_LIKE,
                false,
                true,
                false,
                (short) 0,
                (short) 38,
                10);
    }

    private static MetaImpl.MetaTypeInfo text(String name, int jdbcType, int length) {
        return new MetaImpl.MetaTypeInfo(
                name,
                jdbcType,
                length,
                "'",
                "'",
                (short) DatabaseMetaData.typeNullable,
                true,
                SEARCHABLE,
                false,
                false,
                false,
                (short) 0,
                (short) 0,
                0);
    }

    private static MetaImpl.MetaTypeInfo binary(String name, int jdbcType) {
        return new MetaImpl.MetaTypeInfo(
                name,
                jdbcType,
                2147483647,
                "X'",
                "'",
                (short) DatabaseMetaData.typeNullable,
                false,
                NOT_LIKE,
                false,
                false,
                false,
                (short) 0,
                (short) 0,
                0);
    }

    private static MetaImpl.MetaTypeInfo other(
            String name,
            int jdbcType,
            int precision,
            @Nullable String prefix,
            @Nullable String suffix,
            short maximumScale) {
        return new MetaImpl.MetaTypeInfo(
                name,
                jdbcType,
                precision,
                prefix,
                suffix,
                (short) DatabaseMetaData.typeNullable,
                false,
                NOT_LIKE,
                false,
                false,
                false,
                (short) 0,
                maximumScale,
                0);
    }
}
