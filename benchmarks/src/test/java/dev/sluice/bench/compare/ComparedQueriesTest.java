package dev.sluice.bench.compare;

import dev.sluice.bench.perf.QueryMode;
import dev.sluice.bench.perf.WorkloadPerfQuery;
import dev.sluice.bench.perf.WorkloadSelection;
import dev.sluice.bench.workload.ResolvedWorkload;
import dev.sluice.bench.workload.SystemKind;
import dev.sluice.bench.workload.WorkloadFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ComparedQueriesTest {
    @Test
    void runsEachKindInEachModeWithTheStockGatewayOnLiterals() throws Exception {
        List<ComparedQuery> queries = ComparedQueries.workload(
                selection("paimon", List.of(QueryMode.LITERAL, QueryMode.PREPARED)),
                List.of("point-lookup"),
                SystemKind.STOCK);

        assertThat(queries)
                .extracting(ComparedQuery::label)
                .containsExactly("point-lookup (literal)", "point-lookup (prepared)");
        ComparedQuery prepared = queries.get(1);
        assertThat(((WorkloadPerfQuery) prepared.sluice()).mode()).isEqualTo(QueryMode.PREPARED);
        assertThat(((WorkloadPerfQuery) prepared.baseline()).mode()).isEqualTo(QueryMode.LITERAL);
        assertThat(prepared.sluiceSetup()).containsExactly("use lake.bi_small");
        assertThat(prepared.baselineSetup()).hasSize(2).last().isEqualTo("use lake.bi_small");
    }

    @Test
    void runsASluiceBaselineInTheSameModeWithSluicesSetup() throws Exception {
        ComparedQuery prepared = ComparedQueries.workload(
                        selection("paimon", List.of(QueryMode.PREPARED)), List.of("top-customers"), SystemKind.SLUICE)
                .get(0);

        assertThat(((WorkloadPerfQuery) prepared.baseline()).mode()).isEqualTo(QueryMode.PREPARED);
        assertThat(prepared.baselineSetup()).isEqualTo(prepared.sluiceSetup());
    }

    @Test
    void namesTheKindsOfTheWorkloadForAnUnknownOne() throws Exception {
        WorkloadSelection selection = selection("csv", List.of(QueryMode.LITERAL));

        assertThatThrownBy(() -> ComparedQueries.workload(selection, List.of("wordcount"), SystemKind.STOCK))
                .hasMessageStartingWith("workload bi has no query 'wordcount'; it has [top-customers, ");
    }

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

    @Test
    void givesSluiceReadAndWriteAccessToTheDataAndTheFormsCatalog() throws Exception {
        assertThat(WorkloadTables.sluiceYaml(selection("paimon", List.of(QueryMode.LITERAL))))
                .isEqualTo("""
                        sluice.security.data.readable-locations: ["/srv/bi"]
                        sluice.security.data.writable-locations: ["/srv/bi"]
                        sluice.catalogs: ["lake"]
                        sluice.catalog.lake.type: "paimon"
                        sluice.catalog.lake.warehouse: "file:///srv/bi/paimon"
                        """);
        assertThat(WorkloadTables.sluiceYaml(selection("csv", List.of(QueryMode.LITERAL))))
                .doesNotContain("catalog");
    }

    private static WorkloadSelection selection(String form, List<QueryMode> modes) throws Exception {
        ResolvedWorkload bi = WorkloadFile.load("bi").resolve("small", Path.of("/srv/bi"));
        return new WorkloadSelection(bi, bi.requireTableForm(form), modes, 27, true);
    }
}
