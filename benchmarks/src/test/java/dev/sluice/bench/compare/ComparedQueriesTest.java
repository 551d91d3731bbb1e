package dev.sluice.bench.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ComparedQueriesTest {
    @Test
    void runsReferenceQueriesTheSameOnBothSides() {
        ComparedQuery join = ComparedQueries.reference(List.of("join"), 10).get(0);

        assertThat(join.label()).isEqualTo("join");
        assertThat(join.baseline()).isEqualTo(join.sluice());
        assertThat(join.baselineSetup()).isEqualTo(join.sluiceSetup()).hasSize(3);
        assertThatThrownBy(() -> ComparedQueries.reference(List.of("point-lookup"), 10))
                .hasMessage("unknown query 'point-lookup'; reference queries are [bulk, bulk-blackhole, join, source,"
                        + " wordcount]");
    }
}
