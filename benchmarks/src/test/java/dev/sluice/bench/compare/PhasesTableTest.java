package dev.sluice.bench.compare;

import dev.sluice.bench.perf.HistoryPhases;
import dev.sluice.bench.perf.PerfReport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class PhasesTableTest {
    @Test
    void givesARowToEachCellWithHistoryAndLeavesUnknownPhasesEmpty() {
        Map<String, Double> p50 = new LinkedHashMap<>();
        p50.put("plan_ms", 80.0);
        p50.put("job_ms", 250.5);
        HistoryPhases sluice = new HistoryPhases(12, p50, 12, Map.of("hit", 2, "template", 3, "miss", 10, "skip", 0));

        String markdown =
                PhasesTable.render(List.of(cell(CompareTable.SLUICE, sluice), cell("stock Flink", HistoryPhases.NONE)));

        assertThat(markdown)
                .contains(
                        "| point-lookup (literal) | 1 | Sluice | 12 | 80.0 | | | | | | 250.5 | | 2 / 3 / 10 / 0 | 0 |")
                .doesNotContain("stock Flink");
    }

    @Test
    void isEmptyWithoutHistory() {
        assertThat(PhasesTable.render(List.of(cell("stock Flink", HistoryPhases.NONE))))
                .isEmpty();
    }

    private static CompareCell cell(String system, HistoryPhases history) {
        PerfReport report = new PerfReport(
                "jdbc:x",
                "point-lookup (literal)",
                1,
                12,
                12,
                0,
                0,
                Map.of(),
                Duration.ofSeconds(5),
                1,
                1,
                1,
                1,
                1,
                1,
                history);
        ProcessCpu.Sample none = new ProcessCpu.Sample(Duration.ZERO, Duration.ZERO);
        return new CompareCell(system, "point-lookup (literal)", 1, report, none, none, none);
    }
}
