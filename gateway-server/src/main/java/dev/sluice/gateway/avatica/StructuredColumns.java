package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Array;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The form of Flink's {@code ARRAY}, {@code MAP} and {@code ROW} columns on Avatica's wire: their Avatica types and
 * names, and their values.
 *
 * <p>An {@code ARRAY} is Avatica's array type with its element's type as component, for every client, and its value
 * the list of its elements, each converted as a column of the element's type would be ({@link WireValues}): Avatica's
 * JDBC client then gives a {@code java.sql.Array} of the element's Java values over protobuf and JSON alike. A
 * {@code ROW} or {@code MAP} takes the form the connection reads ({@link WireForms.Structures}), also as an array's
 * element: Flink's text, or for Sluice's driver a list (a row's field values in order; a map's entries as
 * {@code [key, value]} lists).
 *
 * <p>The name is Flink's type, nullability left out: {@code ARRAY<INT>}, {@code MAP<STRING, INT>},
 * {@code ROW<`a` INT, `b` ARRAY<DATE>>} (a field's name in back ticks, a back tick in it doubled, as Flink writes
 * it). Sluice's driver reads the types of a row's fields from it; every part other than these three is Flink's own
 * summary of the type ({@code DECIMAL(10, 2)}, {@code TIMESTAMP_LTZ(3)}).
 */
final class StructuredColumns {
    private StructuredColumns() {}

    /** Whether {@code type} is one of the types this class describes. */
    static boolean isStructured(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case ARRAY, MAP, ROW -> true;
            default -> false;
        };
    }

    /** Flink's name of {@code type}, without nullability: {@code ARRAY<INT>}. */
    static String name(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case ARRAY -> "ARRAY<" + name(((ArrayType) type).getElementType()) + ">";
            case MAP ->
                "MAP<" + name(((MapType) type).getKeyType()) + ", " + name(((MapType) type).getValueType()) + ">";
            case ROW ->
                ((RowType) type)
                        .getFields().stream()
                                .map(field -> "`" + field.getName().replace("`", "``") + "` " + name(field.getType()))
                                .collect(Collectors.joining(", ", "ROW<", ">"));
            default -> type.copy(true).asSummaryString();
        };
    }

    /** The Avatica type of a structured {@code type} in a result read as {@code forms} says. */
    static ColumnMetaData.AvaticaType avaticaType(LogicalType type, WireForms forms) {
        return switch (type.getTypeRoot()) {
            case ARRAY ->
                ColumnMetaData.array(
                        elementType(((ArrayType) type).getElementType(), forms), name(type), ColumnMetaData.Rep.ARRAY);
            case MAP, ROW ->
                switch (forms.structures()) {
                    case TEXT -> ColumnMetaData.scalar(Types.VARCHAR, name(type), ColumnMetaData.Rep.STRING);
                    case LISTS -> ColumnMetaData.scalar(Types.JAVA_OBJECT, name(type), ColumnMetaData.Rep.OBJECT);
                };
            default -> throw new IllegalArgumentException("Not an ARRAY, MAP or ROW: " + type);
        };
    }

    /** The class of a structured column's values, as its metadata reports it. */
    static String className(LogicalType type, WireForms forms) {
        return switch (type.getTypeRoot()) {
            case ARRAY -> java.sql.Array.class.getName();
            default ->
                forms.structures() == WireForms.Structures.TEXT
                        ? String.class.getName()
                        // Sluice's driver reports its own types (java.sql.Struct, java.util.Map) in their place
                        : Object.class.getName();
        };
    }

    private static ColumnMetaData.AvaticaType elementType(LogicalType element, WireForms forms) {
        if (isStructured(element)) {
            return avaticaType(element, forms);
        }
        if (forms.timestamps().asText(element)) {
            return ColumnMetaData.scalar(
                    Types.VARCHAR, WireTimestamps.textTypeName(element), ColumnMetaData.Rep.STRING);
        }
        return ColumnTypes.elementType(element);
    }

    /** The wire value of {@code value}, of a structured {@code type}. */
    static @Nullable Object wire(@Nullable Object value, LogicalType type, ZoneId sessionZone, WireForms forms) {
        if (value == null) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case ARRAY -> elements(value, ((ArrayType) type).getElementType(), sessionZone, forms);
            case ROW ->
                forms.structures() == WireForms.Structures.TEXT
                        ? WireValues.text(value)
                        : fields((Row) value, (RowType) type, sessionZone, forms);
            case MAP ->
                forms.structures() == WireForms.Structures.TEXT
                        ? WireValues.text(value)
                        : entries((Map<?, ?>) value, (MapType) type, sessionZone, forms);
            default -> throw new IllegalArgumentException("Not an ARRAY, MAP or ROW: " + type);
        };
    }

    /** Flink hands an array of a NOT NULL primitive element type over as a primitive array ({@code int[]}). */
    private static List<@Nullable Object> elements(
            Object array, LogicalType elementType, ZoneId sessionZone, WireForms forms) {
        int length = Array.getLength(array);
        List<@Nullable Object> elements = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            elements.add(element(Array.get(array, i), elementType, sessionZone, forms));
        }
        return elements;
    }

    private static List<@Nullable Object> fields(Row row, RowType type, ZoneId sessionZone, WireForms forms) {
        List<@Nullable Object> fields = new ArrayList<>(row.getArity());
        for (int i = 0; i < row.getArity(); i++) {
            fields.add(element(row.getField(i), type.getTypeAt(i), sessionZone, forms));
        }
        return fields;
    }

    private static List<List<@Nullable Object>> entries(
            Map<?, ?> map, MapType type, ZoneId sessionZone, WireForms forms) {
        List<List<@Nullable Object>> entries = new ArrayList<>(map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            entries.add(Arrays.asList(
                    element(entry.getKey(), type.getKeyType(), sessionZone, forms),
                    element(entry.getValue(), type.getValueType(), sessionZone, forms)));
        }
        return entries;
    }

    private static @Nullable Object element(
            @Nullable Object value, LogicalType type, ZoneId sessionZone, WireForms forms) {
        if (value == null) {
            return null;
        }
        if (isStructured(type)) {
            return wire(value, type, sessionZone, forms);
        }
        if (forms.timestamps().asText(type)) {
            return WireValues.wallClockText((LocalDateTime) value, LogicalTypeChecks.getPrecision(type));
        }
        return WireValues.value(value, type, sessionZone);
    }
}
