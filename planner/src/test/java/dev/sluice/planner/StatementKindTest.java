package dev.sluice.planner;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

final class StatementKindTest {
    @Test
    void onlyQueriesAndCatalogLookupsReturnRows() {
        assertThat(Arrays.stream(StatementKind.values()).filter(StatementKind::returnsRows))
                .containsExactlyInAnyOrder(
                        StatementKind.QUERY, StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN);
    }
}
