package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class WorkloadFileTest {
    private static final Path DATA = Path.of("/tmp/bi-data");

    private static final String MINIMAL = """
            name: w
            table-forms:
              plain:
                setup: [create temporary table t (x INT) with ('connector' = 'datagen')]
            queries:
              q:
                sql: select x from t where x = ?
                parameters:
                  - int: {min: 1, max: 3}
            """;

    @Test
    void shipsTheBiWorkloadWithTwoSizesThreeTableFormsAndFiveQueryKinds() throws Exception {
        Workload bi = WorkloadFile.load("bi");

        assertThat(bi.name()).isEqualTo("bi");
        assertThat(bi.seed()).isEqualTo(27);
        assertThat(bi.sizes()).containsExactly("small", "large");
        assertThat(bi.tableForms()).containsExactly("csv", "parquet", "paimon");
        assertThat(bi.queries())
                .containsExactly(
                        "top-customers", "region-month-revenue", "returned-share", "point-lookup", "dashboard-filter");
    }

    @Test
    void resolvesTheSizesCountsIntoTheParameters() throws Exception {
        Workload bi = WorkloadFile.load("bi");

        assertThat(bi.resolve("small", DATA).requireQuery("point-lookup").parameters())
                .containsExactly(new IntRange(1, 12));
        assertThat(bi.resolve("large", DATA).requireQuery("point-lookup").parameters())
                .containsExactly(new IntRange(1, 1000));
        assertThat(bi.resolve("large", DATA).size())
                .isEqualTo(new DataSize("large", DataSize.Source.GENERATED, 1000, 100_000, 27));
    }

    @Test
    void resolvesTheDataDirectoryAndSizeIntoTheStatements() throws Exception {
        TableForm csv = WorkloadFile.load("bi").resolve("large", DATA).requireTableForm("csv");

        assertThat(csv.prepareFor(SystemKind.SLUICE)).isEmpty();
        assertThat(csv.setupFor(SystemKind.STOCK))
                .hasSize(2)
                .allSatisfy(sql -> assertThat(sql).contains("'path' = '/tmp/bi-data/large/"));
    }

    @Test
    void createsThePaimonCatalogPerConnectionOnlyOnTheStockGateway() throws Exception {
        TableForm paimon = WorkloadFile.load("bi").resolve("small", DATA).requireTableForm("paimon");

        assertThat(paimon.setupFor(SystemKind.SLUICE)).containsExactly("use lake.bi_small");
        assertThat(paimon.setupFor(SystemKind.STOCK))
                .containsExactly(
                        "create catalog lake with ('type' = 'paimon', 'warehouse' = 'file:///tmp/bi-data/paimon')",
                        "use lake.bi_small");
        assertThat(paimon.prepareFor(SystemKind.STOCK))
                .hasSize(paimon.prepareFor(SystemKind.SLUICE).size() + 1);
        assertThat(paimon.sluiceConfigYaml())
                .isEqualTo("sluice.catalogs: [\"lake\"]\nsluice.catalog.lake.type: \"paimon\"\n"
                        + "sluice.catalog.lake.warehouse: \"file:///tmp/bi-data/paimon\"\n");
    }

    @Test
    void refusesANameThatIsNeitherAFileNorAShippedWorkload() {
        assertThatThrownBy(() -> WorkloadFile.load("no-such-workload"))
                .hasMessage("--workload must be a workload file or one of the shipped workloads [bi], was"
                        + " 'no-such-workload'");
    }

    @Test
    void keepsWhatASluiceGatewaysConfigurationNeedsForATableFormAsFlatYaml() {
        Workload workload = WorkloadFile.parse(
                MINIMAL.replace(
                        "  plain:\n",
                        "  plain:\n    sluice-config:\n      sluice.catalogs: [lake]\n"
                                + "      sluice.catalog.lake.warehouse: file://${data}/paimon\n"),
                "w.yaml");

        assertThat(workload.resolve("default", DATA).requireTableForm("plain").sluiceConfigYaml())
                .isEqualTo(
                        "sluice.catalogs: [\"lake\"]\nsluice.catalog.lake.warehouse: \"file:///tmp/bi-data/paimon\"\n");
    }

    @Test
    void readsAWorkloadWithoutSizesAsOneSizeWithoutData() {
        Workload workload = WorkloadFile.parse(MINIMAL, "w.yaml");

        assertThat(workload.sizes()).containsExactly("default");
        ResolvedWorkload resolved = workload.resolve("default", DATA);
        assertThat(resolved.size().source()).isEqualTo(DataSize.Source.NONE);
        assertThat(resolved.requireQuery("q").parameters()).containsExactly(new IntRange(1, 3));
    }

    @Test
    void namesTheKnownOnesWhenAskedForAnUnknownSizeFormOrQuery() {
        Workload workload = WorkloadFile.parse(MINIMAL, "w.yaml");
        ResolvedWorkload resolved = workload.resolve("default", DATA);

        assertThatThrownBy(() -> workload.resolve("huge", DATA))
                .hasMessage("workload w has no size 'huge'; it has [default]");
        assertThatThrownBy(() -> resolved.requireTableForm("orc"))
                .hasMessage("workload w has no table form 'orc'; it has [plain]");
        assertThatThrownBy(() -> resolved.requireQuery("nope"))
                .hasMessage("workload w has no query 'nope'; it has [q]");
    }

    @Test
    void readsAWorkloadFileByPath(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("w.yaml");
        Files.writeString(file, MINIMAL);

        assertThat(WorkloadFile.load(file.toString()).queries()).containsExactly("q");
        assertThatThrownBy(() ->
                        WorkloadFile.load(directory.resolve("missing.yaml").toString()))
                .hasMessageStartingWith("--workload must be a workload file or one of the shipped workloads");
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> invalidFiles() {
        return Stream.of(
                arguments("name: [", "workload w.yaml is not valid YAML: "),
                arguments("", "workload w.yaml is empty"),
                arguments(MINIMAL + "extra: 1\n", "workload w.yaml: unknown key 'extra'; allowed are [description,"),
                arguments(MINIMAL.replace("name: w\n", ""), "workload w.yaml: 'name' is missing"),
                arguments(
                        MINIMAL.replace("x = ?", "x = ? or x = ?"),
                        "workload w.yaml: queries.q: the SQL has 2 parameter markers (?), the parameters fill 1"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "float: {min: 1, max: 3}"),
                        "workload w.yaml: queries.q.parameters[0]: unknown generator 'float'; known are"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "int: {min: 5, max: 3}"),
                        "workload w.yaml: queries.q.parameters[0].int: min must be at most max, was 5 > 3"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "int: {min: 1, max: many}"),
                        "workload w.yaml: queries.q.parameters[0].int.max: must be an integer, was 'many'"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "int: {min: 1, max: \"${customers}\"}"),
                        "workload w.yaml: queries.q.parameters[0].int.max: unknown variable ${customers}; known"
                                + " are [data, size]"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "date: {min: 2026-02-30, max: 2026-03-01}"),
                        "workload w.yaml: queries.q.parameters[0].date.min: must be a date yyyy-mm-dd, was"
                                + " '2026-02-30'"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "month-range: {min: 2026-06, max: 2026-01}"),
                        "workload w.yaml: queries.q.parameters[0].month-range: min must be at most max, was"
                                + " 2026-06 > 2026-01"),
                arguments(
                        MINIMAL.replace("int: {min: 1, max: 3}", "choice: []"),
                        "workload w.yaml: queries.q.parameters[0].choice: must list at least one value"),
                arguments(
                        MINIMAL.replace(
                                "setup: [create temporary table t (x INT) with ('connector' = 'datagen')]",
                                "setup: [{sql: use x, systems: [trino]}]"),
                        "workload w.yaml: table-forms.plain.setup[0].systems[0]: unknown system 'trino'; known are"
                                + " sluice and stock"),
                arguments(
                        MINIMAL + "sizes:\n  s: {data: random}\n",
                        "workload w.yaml: sizes.s.data: must be none, quickstart or generated, was 'random'"),
                arguments(
                        MINIMAL + "sizes:\n  s: {data: generated, customers: 0, orders: 5}\n",
                        "workload w.yaml: sizes.s.customers: must be between 1 and 10000000, was 0"),
                arguments(
                        MINIMAL + "sizes:\n  s: {data: quickstart, orders: 5}\n",
                        "workload w.yaml: sizes.s: unknown key 'orders'; allowed are [data]"));
    }

    @ParameterizedTest
    @MethodSource("invalidFiles")
    void refusesAnInvalidFileNamingTheKeyAndTheValue(String yaml, String message) {
        assertThatThrownBy(() -> WorkloadFile.parse(yaml, "w.yaml"))
                .isInstanceOf(InvalidWorkloadException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void readsChoicesOfNumbersAsIntegersAndOfWordsAsText() {
        Workload workload =
                WorkloadFile.parse(MINIMAL.replace("int: {min: 1, max: 3}", "choice: [7, AMER, '8']"), "w.yaml");

        assertThat(workload.resolve("default", DATA).requireQuery("q").parameters())
                .containsExactly(
                        new Choice(List.of(new SqlValue.Int(7), new SqlValue.Text("AMER"), new SqlValue.Text("8"))));
    }
}
