package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class StructuredValuesTest {
    @Test
    void arrayHoldsItsElementsAsJavaValuesOfTheirType() throws SQLException {
        Array dates = (Array) StructuredValues.read(Arrays.asList(10, null), StructuredType.parse("ARRAY<DATE>"));
        Array decimals = (Array) StructuredValues.read(List.of(1.25), StructuredType.parse("ARRAY<DECIMAL(10, 2)>"));
        Array stamps = (Array) StructuredValues.read(
                List.of(1_000L, "2024-01-02 03:04:05.123456"), StructuredType.parse("ARRAY<TIMESTAMP(6)>"));

        assertThat((Object[]) dates.getArray()).containsExactly(java.sql.Date.valueOf("1970-01-11"), null);
        assertThat(dates.getBaseTypeName()).isEqualTo("DATE");
        assertThat((Object[]) decimals.getArray()).containsExactly(new BigDecimal("1.25"));
        assertThat((Object[]) stamps.getArray())
                .containsExactly(
                        Timestamp.valueOf("1970-01-01 00:00:01"), Timestamp.valueOf("2024-01-02 03:04:05.123456"));
    }

    @Test
    void arrayOfNullsAndEmptyArraysNestsAsItCame() throws SQLException {
        Array nested = (Array) StructuredValues.read(
                Arrays.asList(List.of(1, 2), List.of(), null), StructuredType.parse("ARRAY<ARRAY<INT>>"));

        Object[] elements = (Object[]) nested.getArray();
        assertThat((Object[]) ((Array) elements[0]).getArray()).containsExactly(1, 2);
        assertThat((Object[]) ((Array) elements[1]).getArray()).isEmpty();
        assertThat(elements[2]).isNull();
        assertThat(nested).hasToString("[[1, 2], [], NULL]");
    }

    @Test
    void rowIsAStructOfItsFieldsInOrder() throws SQLException {
        Struct row = (Struct) StructuredValues.read(
                Arrays.asList(7, "x", "2024-01-02 13:34:56.789+01:00", Arrays.asList(List.of(1), null)),
                StructuredType.parse("ROW<`a` INT, `b` STRING, `c` TIMESTAMP_LTZ(3), `d` ARRAY<ROW<`e` INT>>>"));

        Object[] attributes = row.getAttributes();
        assertThat(attributes[0]).isEqualTo(7);
        assertThat(attributes[1]).isEqualTo("x");
        assertThat(((Timestamp) attributes[2]).toInstant()).isEqualTo(Instant.parse("2024-01-02T12:34:56.789Z"));
        Object[] inner = (Object[]) ((Array) attributes[3]).getArray();
        assertThat(((Struct) inner[0]).getAttributes()).containsExactly(1);
        assertThat(inner[1]).isNull();
        assertThat(row.getSQLTypeName()).startsWith("ROW<`a` INT");
    }

    @Test
    void mapIsAMapOfItsEntries() throws SQLException {
        Object map = StructuredValues.read(
                List.of(List.of("k", 3), Arrays.asList("n", null)), StructuredType.parse("MAP<STRING, DATE>"));

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("k", java.sql.Date.valueOf("1970-01-04"));
        expected.put("n", null);
        assertThat(map).isEqualTo(expected);
        assertThat(StructuredValues.text(map)).isEqualTo("{k=1970-01-04, n=NULL}");
    }

    @Test
    void bytesArriveAsBytesOverProtobufAndAsBase64OverJson() throws SQLException {
        StructuredType bytes = StructuredType.parse("ARRAY<BYTES>");

        assertThat((Object[]) ((Array) StructuredValues.read(List.of(new byte[] {1, -1}), bytes)).getArray())
                .containsExactly((Object) new byte[] {1, -1});
        assertThat((Object[]) ((Array) StructuredValues.read(List.of("Af8="), bytes)).getArray())
                .containsExactly((Object) new byte[] {1, -1});
    }

    @Test
    void textIsFlinksText() throws SQLException {
        Object row = StructuredValues.read(
                Arrays.asList(1, "x", null), StructuredType.parse("ROW<`a` INT, `b` STRING, `c` INT>"));

        assertThat(StructuredValues.text(row)).isEqualTo("(1, x, NULL)");
        assertThat(StructuredValues.text(null)).isNull();
    }

    @Test
    void resultSetOfAnArrayHasARowPerElement() throws SQLException {
        Array array = (Array) StructuredValues.read(Arrays.asList(10, null), StructuredType.parse("ARRAY<DATE>"));

        try (ResultSet rows = array.getResultSet()) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(1);
            assertThat(rows.getDate(2)).isEqualTo(java.sql.Date.valueOf("1970-01-11"));
            assertThat(rows.next()).isTrue();
            assertThat(rows.getInt(1)).isEqualTo(2);
            assertThat(rows.getObject(2)).isNull();
            assertThat(rows.next()).isFalse();
        }
        assertThat((Object[]) array.getArray(2, 1)).containsExactly((Object) null);
        assertThatThrownBy(() -> array.getArray(2, 2))
                .isInstanceOf(SQLException.class)
                .hasMessage("Elements 2 to 3 are not in an array of 2");
    }

    @Test
    void valueOfAnotherShapeIsADataError() {
        assertThatThrownBy(() -> StructuredValues.read("text", StructuredType.parse("ARRAY<INT>")))
                .isInstanceOf(SQLException.class)
                .hasMessage("Not a value of ARRAY<INT>: text");
    }
}
