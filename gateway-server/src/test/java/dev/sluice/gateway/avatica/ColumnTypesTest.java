package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class ColumnTypesTest {
    static Stream<Arguments> jdbcTypes() {
        return Stream.of(
                arguments(DataTypes.STRING(), Types.VARCHAR),
                arguments(DataTypes.VARCHAR(10), Types.VARCHAR),
                arguments(DataTypes.CHAR(3), Types.CHAR),
                arguments(DataTypes.BOOLEAN(), Types.BOOLEAN),
                arguments(DataTypes.TINYINT(), Types.TINYINT),
                arguments(DataTypes.SMALLINT(), Types.SMALLINT),
                arguments(DataTypes.INT(), Types.INTEGER),
                arguments(DataTypes.BIGINT(), Types.BIGINT),
                arguments(DataTypes.FLOAT(), Types.REAL),
                arguments(DataTypes.DOUBLE(), Types.DOUBLE),
                arguments(DataTypes.DECIMAL(10, 2), Types.DECIMAL),
                arguments(DataTypes.DATE(), Types.DATE),
                arguments(DataTypes.TIME(), Types.TIME),
                arguments(DataTypes.TIMESTAMP(3), Types.TIMESTAMP),
                arguments(DataTypes.TIMESTAMP_LTZ(3), Types.TIMESTAMP_WITH_TIMEZONE),
                arguments(DataTypes.BYTES(), Types.VARBINARY),
                arguments(DataTypes.BINARY(4), Types.BINARY),
                arguments(DataTypes.MULTISET(DataTypes.INT()), Types.VARCHAR),
                arguments(DataTypes.ARRAY(DataTypes.INT()), Types.ARRAY),
                arguments(DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()), Types.JAVA_OBJECT),
                arguments(DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())), Types.STRUCT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdbcTypes")
    void mapsFlinkTypeToJdbcType(DataType type, int jdbcType) {
        assertThat(ColumnTypes.jdbcType(type.getLogicalType())).isEqualTo(jdbcType);
    }

    @Test
    void nullableTypeGivesNullableColumn() {
        assertThat(ColumnTypes.column(0, "c", DataTypes.INT().getLogicalType()).nullable)
                .isEqualTo(DatabaseMetaData.columnNullable);
    }

    @Test
    void notNullTypeGivesColumnWithoutNulls() {
        assertThat(ColumnTypes.column(0, "c", DataTypes.INT().notNull().getLogicalType()).nullable)
                .isEqualTo(DatabaseMetaData.columnNoNulls);
    }

    @Test
    void decimalColumnCarriesPrecisionAndScale() {
        ColumnMetaData column =
                ColumnTypes.column(2, "price", DataTypes.DECIMAL(10, 2).getLogicalType());

        assertThat(column.ordinal).isEqualTo(2);
        assertThat(column.label).isEqualTo("price");
        assertThat(column.columnName).isEqualTo("price");
        assertThat(column.precision).isEqualTo(10);
        assertThat(column.scale).isEqualTo(2);
        assertThat(column.displaySize).isEqualTo(12);
        assertThat(column.signed).isTrue();
        assertThat(column.type.name).isEqualTo("DECIMAL");
        assertThat(column.type.rep).isEqualTo(ColumnMetaData.Rep.NUMBER);
        assertThat(column.columnClassName).isEqualTo("java.math.BigDecimal");
    }

    @Test
    void varcharColumnCarriesItsLength() {
        ColumnMetaData column =
                ColumnTypes.column(0, "name", DataTypes.VARCHAR(20).getLogicalType());

        assertThat(column.precision).isEqualTo(20);
        assertThat(column.scale).isZero();
        assertThat(column.signed).isFalse();
        assertThat(column.columnClassName).isEqualTo("java.lang.String");
    }

    @Test
    void describesColumnsOfTypesWithoutPrecision() {
        ColumnMetaData flag = ColumnTypes.column(0, "flag", DataTypes.BOOLEAN().getLogicalType());
        ColumnMetaData day = ColumnTypes.column(1, "day", DataTypes.DATE().getLogicalType());

        assertThat(flag.precision).isZero();
        assertThat(flag.displaySize).isEqualTo(5);
        assertThat(flag.columnClassName).isEqualTo("java.lang.Boolean");
        assertThat(day.precision).isZero();
        assertThat(day.displaySize).isEqualTo(10);
        assertThat(day.columnClassName).isEqualTo("java.sql.Date");
    }

    @Test
    void localZonedTimestampIsNamedLikeFlinkAndTravelsAsText() {
        ColumnMetaData column =
                ColumnTypes.column(0, "ts", DataTypes.TIMESTAMP_LTZ(3).getLogicalType());

        // Avatica's JDBC client cannot getObject a TIMESTAMP_WITH_TIMEZONE column; Sluice's driver knows the name
        assertThat(column.type.id).isEqualTo(Types.VARCHAR);
        assertThat(column.type.name).isEqualTo("TIMESTAMP_LTZ");
        assertThat(column.type.rep).isEqualTo(ColumnMetaData.Rep.STRING);
        assertThat(column.columnClassName).isEqualTo("java.lang.String");
    }

    @Test
    void arrayColumnIsAvaticasArrayNamedByFlinksType() {
        ResolvedSchema schema = ResolvedSchema.of(Column.physical("xs", DataTypes.ARRAY(DataTypes.DECIMAL(10, 2))));

        ColumnMetaData column = ColumnTypes.columns(schema).get(0);

        assertThat(column.type).isInstanceOf(ColumnMetaData.ArrayType.class);
        assertThat(column.type.id).isEqualTo(Types.ARRAY);
        assertThat(column.type.name).isEqualTo("ARRAY<DECIMAL(10, 2)>");
        ColumnMetaData.AvaticaType element = ((ColumnMetaData.ArrayType) column.type).getComponent();
        assertThat(element.id).isEqualTo(Types.DECIMAL);
        assertThat(element.rep).isEqualTo(ColumnMetaData.Rep.NUMBER);
        assertThat(column.columnClassName).isEqualTo("java.sql.Array");
    }

    @Test
    void rowAndMapColumnsAreTextForAvaticasClientsAndObjectsForSluicesDriver() {
        ResolvedSchema schema = ResolvedSchema.of(
                Column.physical("r", DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT()))),
                Column.physical("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())));
        WireForms sluice = new WireForms(WireTimestamps.TEXT_BEYOND_MILLIS, WireForms.Structures.LISTS);

        assertThat(ColumnTypes.columns(schema))
                .extracting(column -> column.type.id + " " + column.type.name + " " + column.columnClassName)
                .containsExactly(
                        Types.VARCHAR + " ROW<`a` INT> java.lang.String",
                        Types.VARCHAR + " MAP<STRING, INT> java.lang.String");
        assertThat(ColumnTypes.columns(schema, sluice))
                .extracting(column -> column.type.id + " " + column.type.name + " " + column.columnClassName)
                .containsExactly(
                        Types.JAVA_OBJECT + " ROW<`a` INT> java.lang.Object",
                        Types.JAVA_OBJECT + " MAP<STRING, INT> java.lang.Object");
    }

    @Test
    void describesEveryColumnOfASchemaInOrder() {
        ResolvedSchema schema = ResolvedSchema.of(
                Column.physical("id", DataTypes.BIGINT().notNull()), Column.physical("name", DataTypes.STRING()));

        List<ColumnMetaData> columns = ColumnTypes.columns(schema);

        assertThat(columns).extracting(column -> column.ordinal).containsExactly(0, 1);
        assertThat(columns).extracting(column -> column.columnName).containsExactly("id", "name");
        assertThat(columns).extracting(column -> column.type.id).containsExactly(Types.BIGINT, Types.VARCHAR);
        assertThat(columns)
                .extracting(column -> column.nullable)
                .containsExactly(DatabaseMetaData.columnNoNulls, DatabaseMetaData.columnNullable);
    }
}
