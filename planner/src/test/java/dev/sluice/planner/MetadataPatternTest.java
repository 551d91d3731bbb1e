package dev.sluice.planner;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

final class MetadataPatternTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "%|orders|true",
                "ord%|orders|true",
                "ord%|Orders|false",
                "o_ders|orders|true",
                "o_ders|oders|false",
                "my\\_table|my_table|true",
                "my\\_table|myXtable|false",
                "100\\%|100%|true",
                "100\\%|1000|false",
                "a.b|a.b|true",
                "a.b|axb|false",
                "orders|orders|true",
                "orders|orders2|false"
            })
    void matchesLikeJdbc(String pattern, String name, boolean matches) {
        assertThat(MetadataPattern.compile(pattern).matches(name)).isEqualTo(matches);
    }

    @org.junit.jupiter.api.Test
    void nullMatchesEverything() {
        assertThat(MetadataPattern.compile(null).matches("anything")).isTrue();
    }
}
