package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class StructuredColumnsTest {
    private static final ZoneId UTC = ZoneId.of("UTC");
    private static final WireForms SLUICE =
            new WireForms(WireTimestamps.TEXT_BEYOND_MILLIS, WireForms.Structures.LISTS);

    @Test
    void arrayIsTheListOfItsElementsEachAsAColumnOfItsType() {
        LogicalType dates = type(DataTypes.ARRAY(DataTypes.DATE()));
        LogicalType decimals = type(DataTypes.ARRAY(DataTypes.DECIMAL(10, 2)));

        assertThat(StructuredColumns.wire(
                        new LocalDate[] {LocalDate.of(1970, 1, 11), null}, dates, UTC, WireForms.PLAIN))
                .isEqualTo(Arrays.asList(10, null));
        assertThat(StructuredColumns.wire(new BigDecimal[] {new BigDecimal("1.25")}, decimals, UTC, WireForms.PLAIN))
                .isEqualTo(List.of(new BigDecimal("1.25")));
        assertThat(StructuredColumns.wire(new String[0], type(DataTypes.ARRAY(DataTypes.STRING())), UTC, SLUICE))
                .isEqualTo(List.of());
    }

    @Test
    void arrayOfPrimitivesIsAListToo() {
        // Flink's conversion class of ARRAY<INT NOT NULL>
        assertThat(StructuredColumns.wire(
                        new int[] {1, 2}, type(DataTypes.ARRAY(DataTypes.INT().notNull())), UTC, WireForms.PLAIN))
                .isEqualTo(List.of(1, 2));
    }

    @Test
    void nestedArraysAreNestedLists() {
        LogicalType nested = type(DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.INT())));

        assertThat(StructuredColumns.wire(new Integer[][] {{1, 2}, {}, null}, nested, UTC, WireForms.PLAIN))
                .isEqualTo(Arrays.asList(List.of(1, 2), List.of(), null));
    }

    @Test
    void timestampBeyondMillisecondsInAnArrayIsTextOnlyForSluicesDriver() {
        LogicalType micros = type(DataTypes.ARRAY(DataTypes.TIMESTAMP(6)));
        LocalDateTime value = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000);

        assertThat(StructuredColumns.wire(new LocalDateTime[] {value}, micros, UTC, SLUICE))
                .isEqualTo(List.of("2024-01-02 03:04:05.123456"));
        assertThat(StructuredColumns.wire(new LocalDateTime[] {value}, micros, UTC, WireForms.PLAIN))
                .isEqualTo(List.of(1704164645123L));
    }

    @Test
    void rowIsTextForAvaticasClientsAndTheListOfItsFieldsForSluicesDriver() {
        LogicalType rowType = type(DataTypes.ROW(
                DataTypes.FIELD("a", DataTypes.INT()),
                DataTypes.FIELD("b", DataTypes.DATE()),
                DataTypes.FIELD("c", DataTypes.ARRAY(DataTypes.STRING()))));
        Row row = Row.of(1, LocalDate.of(1970, 1, 2), new String[] {"x", null});

        assertThat(StructuredColumns.wire(row, rowType, UTC, WireForms.PLAIN)).isEqualTo("(1, 1970-01-02, [x, NULL])");
        assertThat(StructuredColumns.wire(row, rowType, UTC, SLUICE))
                .isEqualTo(Arrays.asList(1, 1, Arrays.asList("x", null)));
        assertThat(StructuredColumns.wire(Row.of(null, null, null), rowType, UTC, SLUICE))
                .isEqualTo(Arrays.asList(null, null, null));
    }

    @Test
    void arrayOfRowsHoldsEachRowInTheConnectionsForm() {
        LogicalType rows = type(DataTypes.ARRAY(
                DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT()), DataTypes.FIELD("b", DataTypes.STRING()))));
        Row[] value = {Row.of(1, "x"), null};

        assertThat(StructuredColumns.wire(value, rows, UTC, WireForms.PLAIN)).isEqualTo(Arrays.asList("(1, x)", null));
        assertThat(StructuredColumns.wire(value, rows, UTC, SLUICE)).isEqualTo(Arrays.asList(List.of(1, "x"), null));
    }

    @Test
    void mapIsTextForAvaticasClientsAndItsEntriesForSluicesDriver() {
        LogicalType mapType = type(DataTypes.MAP(DataTypes.STRING(), DataTypes.DATE()));
        Map<String, LocalDate> map = new LinkedHashMap<>();
        map.put("k", LocalDate.of(1970, 1, 3));
        map.put("n", null);

        assertThat(StructuredColumns.wire(map, mapType, UTC, WireForms.PLAIN)).isEqualTo("{k=1970-01-03, n=null}");
        assertThat(StructuredColumns.wire(map, mapType, UTC, SLUICE))
                .isEqualTo(List.of(List.of("k", 2), Arrays.asList("n", null)));
    }

    @Test
    void nullIsNull() {
        assertThat(StructuredColumns.wire(null, type(DataTypes.ARRAY(DataTypes.INT())), UTC, SLUICE))
                .isNull();
        assertThat(StructuredColumns.wire(null, type(DataTypes.MAP(DataTypes.INT(), DataTypes.INT())), UTC, SLUICE))
                .isNull();
    }

    private static LogicalType type(DataType dataType) {
        return dataType.getLogicalType();
    }

    @Test
    void namesTheTypeAsFlinkDoesWithoutNullability() {
        LogicalType type = DataTypes.ROW(
                        DataTypes.FIELD("a", DataTypes.INT().notNull()),
                        DataTypes.FIELD("we`ird", DataTypes.ARRAY(DataTypes.DECIMAL(10, 2))),
                        DataTypes.FIELD("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.TIMESTAMP_LTZ(3))))
                .notNull()
                .getLogicalType();

        assertThat(StructuredColumns.name(type))
                .isEqualTo("ROW<`a` INT, `we``ird` ARRAY<DECIMAL(10, 2)>, `m` MAP<STRING, TIMESTAMP_LTZ(3)>>");
    }

    @Test
    void arrayHasItsElementsTypeAsComponent() {
        LogicalType type =
                DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.TIMESTAMP(3))).getLogicalType();

        ColumnMetaData.ArrayType array =
                (ColumnMetaData.ArrayType) StructuredColumns.avaticaType(type, WireForms.PLAIN);

        assertThat(array.name).isEqualTo("ARRAY<ARRAY<TIMESTAMP(3)>>");
        ColumnMetaData.ArrayType inner = (ColumnMetaData.ArrayType) array.getComponent();
        assertThat(inner.name).isEqualTo("ARRAY<TIMESTAMP(3)>");
        assertThat(inner.getComponent().id).isEqualTo(Types.TIMESTAMP);
        assertThat(inner.getComponent().rep).isEqualTo(ColumnMetaData.Rep.LONG);
    }

    @Test
    void elementOfAnInstantOrARowTakesTheFormOfTheConnection() {
        LogicalType instants = DataTypes.ARRAY(DataTypes.TIMESTAMP_LTZ(3)).getLogicalType();
        LogicalType rows = DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())))
                .getLogicalType();
        LogicalType micros = DataTypes.ARRAY(DataTypes.TIMESTAMP(6)).getLogicalType();

        assertThat(component(instants, WireForms.PLAIN))
                .isEqualTo(ColumnMetaData.scalar(Types.VARCHAR, "TIMESTAMP_LTZ", ColumnMetaData.Rep.STRING));
        assertThat(component(rows, WireForms.PLAIN))
                .isEqualTo(ColumnMetaData.scalar(Types.VARCHAR, "ROW<`a` INT>", ColumnMetaData.Rep.STRING));
        assertThat(component(rows, SLUICE))
                .isEqualTo(ColumnMetaData.scalar(Types.JAVA_OBJECT, "ROW<`a` INT>", ColumnMetaData.Rep.OBJECT));
        assertThat(component(micros, SLUICE))
                .isEqualTo(ColumnMetaData.scalar(Types.VARCHAR, "TIMESTAMP(6)", ColumnMetaData.Rep.STRING));
    }

    private static ColumnMetaData.AvaticaType component(LogicalType type, WireForms forms) {
        return ((ColumnMetaData.ArrayType) StructuredColumns.avaticaType(type, forms)).getComponent();
    }
}
