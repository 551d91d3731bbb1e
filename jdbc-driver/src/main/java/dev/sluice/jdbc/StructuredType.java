package dev.sluice.jdbc;

import org.apache.calcite.avatica.ColumnMetaData;
import org.jspecify.annotations.Nullable;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The type of a Flink {@code ARRAY}, {@code MAP} or {@code ROW} column as the gateway names it: Flink's type without
 * nullability, {@code ARRAY<INT>}, {@code MAP<STRING, DATE>}, {@code ROW<`a` INT, `b` ARRAY<DECIMAL(10, 2)>>}. The
 * gateway sends this driver a row's and a map's values as lists (and an array's as Avatica's array), and the name is
 * what says the types of their parts; any other part is a {@link Leaf}, Flink's summary of a type.
 */
sealed interface StructuredType {
    /** The type's name, as the gateway wrote it. */
    String name();

    /** The JDBC type of values of this type. */
    int jdbcType();

    /** {@code ARRAY<element>}. */
    record ArrayOf(String name, StructuredType element) implements StructuredType {
        @Override
        public int jdbcType() {
            return Types.ARRAY;
        }
    }

    /** {@code MAP<key, value>}. */
    record MapOf(String name, StructuredType key, StructuredType value) implements StructuredType {
        @Override
        public int jdbcType() {
            return Types.JAVA_OBJECT;
        }
    }

    /** {@code ROW<`name` type, ...>}: the fields' names and types in order. */
    record RowOf(String name, List<String> fieldNames, List<StructuredType> fieldTypes) implements StructuredType {
        public RowOf {
            fieldNames = List.copyOf(fieldNames);
            fieldTypes = List.copyOf(fieldTypes);
        }

        @Override
        public int jdbcType() {
            return Types.STRUCT;
        }
    }

    /** Any other type, by Flink's summary of it ({@code DECIMAL(10, 2)}); {@link #base} is its first word. */
    record Leaf(String name) implements StructuredType {
        /** {@code DECIMAL} of {@code DECIMAL(10, 2)}, {@code TIMESTAMP_LTZ} of {@code TIMESTAMP_LTZ(3)}. */
        String base() {
            int end = 0;
            while (end < name.length() && (Character.isLetterOrDigit(name.charAt(end)) || name.charAt(end) == '_')) {
                end++;
            }
            return name.substring(0, end).toUpperCase(Locale.ROOT);
        }

        @Override
        public int jdbcType() {
            return switch (base()) {
                case "BOOLEAN" -> Types.BOOLEAN;
                case "TINYINT" -> Types.TINYINT;
                case "SMALLINT" -> Types.SMALLINT;
                case "INT", "INTEGER" -> Types.INTEGER;
                case "BIGINT" -> Types.BIGINT;
                case "FLOAT" -> Types.REAL;
                case "DOUBLE" -> Types.DOUBLE;
                case "DECIMAL" -> Types.DECIMAL;
                case "CHAR" -> Types.CHAR;
                case "BINARY" -> Types.BINARY;
                case "VARBINARY", "BYTES" -> Types.VARBINARY;
                case "DATE" -> Types.DATE;
                case "TIME" -> Types.TIME;
                case "TIMESTAMP" -> Types.TIMESTAMP;
                case "TIMESTAMP_LTZ" -> Types.TIMESTAMP_WITH_TIMEZONE;
                // STRING, VARCHAR, and what the gateway sends as text (MULTISET, INTERVAL, RAW)
                default -> Types.VARCHAR;
            };
        }

        /** How Avatica represents this driver's Java value of the type ({@link StructuredValues}). */
        ColumnMetaData.Rep rep() {
            return switch (jdbcType()) {
                case Types.BOOLEAN -> ColumnMetaData.Rep.BOOLEAN;
                case Types.TINYINT -> ColumnMetaData.Rep.BYTE;
                case Types.SMALLINT -> ColumnMetaData.Rep.SHORT;
                case Types.INTEGER -> ColumnMetaData.Rep.INTEGER;
                case Types.BIGINT -> ColumnMetaData.Rep.LONG;
                case Types.REAL -> ColumnMetaData.Rep.FLOAT;
                case Types.DOUBLE -> ColumnMetaData.Rep.DOUBLE;
                case Types.DECIMAL -> ColumnMetaData.Rep.NUMBER;
                case Types.BINARY, Types.VARBINARY -> ColumnMetaData.Rep.BYTE_STRING;
                case Types.DATE -> ColumnMetaData.Rep.JAVA_SQL_DATE;
                case Types.TIME -> ColumnMetaData.Rep.JAVA_SQL_TIME;
                case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> ColumnMetaData.Rep.JAVA_SQL_TIMESTAMP;
                default -> ColumnMetaData.Rep.STRING;
            };
        }
    }

    /** Whether a column named {@code typeName} holds a row or a map the gateway sent as a list. */
    static boolean isRowOrMap(@Nullable String typeName) {
        return typeName != null && (typeName.startsWith("ROW<") || typeName.startsWith("MAP<"));
    }

    /** The type of {@code column} if the gateway sent it as an array or as a row or map in a list. */
    static Optional<StructuredType> of(ColumnMetaData column) {
        boolean structured = column.type instanceof ColumnMetaData.ArrayType
                || column.type.id == Types.JAVA_OBJECT && isRowOrMap(column.type.name);
        if (!structured) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(column.type.name));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a name of Sluice's gateway: Avatica reads the column as it would
        }
    }

    /**
     * {@code column} as this driver reports it: an array stays an array ({@code java.sql.Array}), a row is a
     * {@code STRUCT} ({@code java.sql.Struct}), a map a {@code JAVA_OBJECT} ({@code java.util.Map}).
     */
    static ColumnMetaData reported(ColumnMetaData column, StructuredType type) {
        if (type instanceof ArrayOf) {
            return column;
        }
        String className = type instanceof RowOf ? java.sql.Struct.class.getName() : java.util.Map.class.getName();
        return SluiceJdbcFactory.retyped(
                column, ColumnMetaData.scalar(type.jdbcType(), type.name(), ColumnMetaData.Rep.OBJECT), className);
    }

    /** {@code column} as read: the wire value as it came, a list, which {@link StructuredValues} turns into Java. */
    static ColumnMetaData read(ColumnMetaData column, StructuredType type) {
        return SluiceJdbcFactory.retyped(
                column,
                ColumnMetaData.scalar(Types.JAVA_OBJECT, type.name(), ColumnMetaData.Rep.OBJECT),
                Object.class.getName());
    }

    /**
     * The type named {@code name}.
     *
     * @throws IllegalArgumentException if the name is not in the form the gateway writes
     */
    static StructuredType parse(String name) {
        Parser parser = new Parser(name);
        StructuredType type = parser.type();
        if (parser.position != name.length()) {
            throw parser.malformed();
        }
        return type;
    }

    /** A recursive descent over the name; a leaf runs to the next comma or closing bracket outside brackets. */
    final class Parser {
        private final String text;
        private int position;

        private Parser(String text) {
            this.text = text;
        }

        private StructuredType type() {
            int start = position;
            if (text.startsWith("ARRAY<", position)) {
                position += "ARRAY<".length();
                StructuredType element = type();
                expect(">");
                return new ArrayOf(text.substring(start, position), element);
            }
            if (text.startsWith("MAP<", position)) {
                position += "MAP<".length();
                StructuredType key = type();
                expect(", ");
                StructuredType value = type();
                expect(">");
                return new MapOf(text.substring(start, position), key, value);
            }
            if (text.startsWith("ROW<", position)) {
                position += "ROW<".length();
                List<String> names = new ArrayList<>();
                List<StructuredType> types = new ArrayList<>();
                do {
                    names.add(fieldName());
                    expect(" ");
                    types.add(type());
                } while (consume(", "));
                expect(">");
                return new RowOf(text.substring(start, position), names, types);
            }
            return leaf();
        }

        private String fieldName() {
            expect("`");
            StringBuilder fieldName = new StringBuilder();
            while (position < text.length()) {
                char c = text.charAt(position++);
                if (c != '`') {
                    fieldName.append(c);
                } else if (consume("`")) {
                    fieldName.append('`'); // a doubled back tick is one of the name
                } else {
                    return fieldName.toString();
                }
            }
            throw malformed();
        }

        private Leaf leaf() {
            int start = position;
            int depth = 0;
            while (position < text.length()) {
                char c = text.charAt(position);
                if (depth == 0 && (c == ',' || c == '>')) {
                    break;
                }
                depth += c == '(' || c == '<' ? 1 : c == ')' || c == '>' ? -1 : 0;
                position++;
            }
            if (position == start) {
                throw malformed();
            }
            return new Leaf(text.substring(start, position));
        }

        private boolean consume(String expected) {
            if (text.startsWith(expected, position)) {
                position += expected.length();
                return true;
            }
            return false;
        }

        private void expect(String expected) {
            if (!consume(expected)) {
                throw malformed();
            }
        }

        private IllegalArgumentException malformed() {
            return new IllegalArgumentException(
                    "Not a type name of an ARRAY, MAP or ROW at position " + position + ": '" + text + "'");
        }
    }
}
