package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Types;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class StructuredTypeTest {
    @Test
    void readsTheTypesOfARowsFieldsFromItsName() {
        StructuredType type = StructuredType.parse(
                "ROW<`a` INT, `we``ird` ARRAY<DECIMAL(10, 2)>, `m` MAP<STRING, ROW<`x` TIMESTAMP_LTZ(3)>>>");

        assertThat(type).isInstanceOf(StructuredType.RowOf.class);
        StructuredType.RowOf row = (StructuredType.RowOf) type;
        assertThat(row.fieldNames()).containsExactly("a", "we`ird", "m");
        assertThat(row.fieldTypes().get(0)).isEqualTo(new StructuredType.Leaf("INT"));
        assertThat(row.fieldTypes().get(1))
                .isEqualTo(
                        new StructuredType.ArrayOf("ARRAY<DECIMAL(10, 2)>", new StructuredType.Leaf("DECIMAL(10, 2)")));
        StructuredType.MapOf map = (StructuredType.MapOf) row.fieldTypes().get(2);
        assertThat(map.name()).isEqualTo("MAP<STRING, ROW<`x` TIMESTAMP_LTZ(3)>>");
        assertThat(map.value())
                .isEqualTo(new StructuredType.RowOf(
                        "ROW<`x` TIMESTAMP_LTZ(3)>",
                        List.of("x"),
                        List.of(new StructuredType.Leaf("TIMESTAMP_LTZ(3)"))));
    }

    @Test
    void aLeafMayHoldBracketsOfItsOwn() {
        assertThat(StructuredType.parse("ARRAY<MULTISET<INT>>"))
                .isEqualTo(
                        new StructuredType.ArrayOf("ARRAY<MULTISET<INT>>", new StructuredType.Leaf("MULTISET<INT>")));
    }

    @Test
    void givesEachLeafItsJdbcType() {
        assertThat(List.of("INT", "DECIMAL(10, 2)", "TIMESTAMP(6)", "TIMESTAMP_LTZ(3)", "DATE", "STRING", "BYTES"))
                .extracting(name -> new StructuredType.Leaf(name).jdbcType())
                .containsExactly(
                        Types.INTEGER,
                        Types.DECIMAL,
                        Types.TIMESTAMP,
                        Types.TIMESTAMP_WITH_TIMEZONE,
                        Types.DATE,
                        Types.VARCHAR,
                        Types.VARBINARY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ARRAY<INT", "ARRAY<>", "MAP<INT>", "ROW<a INT>", "ROW<`a INT>", "ARRAY<INT>>"})
    void refusesANameNotInTheGatewaysForm(String name) {
        assertThatThrownBy(() -> StructuredType.parse(name))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Not a type name of an ARRAY, MAP or ROW at position")
                .hasMessageContaining(name);
    }
}
