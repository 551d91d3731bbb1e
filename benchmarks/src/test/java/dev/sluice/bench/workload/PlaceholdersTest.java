package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class PlaceholdersTest {
    static Stream<Arguments> statements() {
        return Stream.of(
                arguments("select 1", 0),
                arguments("select * from t where a = ? and b = ?", 2),
                arguments("select '?', 'it''s ?' from t where a = ?", 1),
                arguments("select `a?` from t where \"b?\" = ?", 1),
                arguments("select a from t -- why?\n where a = ?", 1),
                arguments("select a /* ? */ from t where a = ?", 1),
                arguments("select a from t where a = '?", 0));
    }

    @ParameterizedTest
    @MethodSource("statements")
    void countsOnlyTheMarkersOutsideQuotesAndComments(String sql, int markers) {
        assertThat(Placeholders.count(sql)).isEqualTo(markers);
    }

    @Test
    void replacesEachMarkerWithTheLiteralOfItsPosition() {
        assertThat(Placeholders.substitute("select '?' from t where a = ? and b = ?", List.of("1", "'x'")))
                .isEqualTo("select '?' from t where a = 1 and b = 'x'");
    }

    @Test
    void refusesAsManyLiteralsAsThereAreNotMarkers() {
        assertThatThrownBy(() -> Placeholders.substitute("select ?", List.of()))
                .hasMessage("the statement has 1 parameter markers, given 0 values");
    }
}
