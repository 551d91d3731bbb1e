package dev.sluice.bench.perf;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class PerfReportTest {
    @Test
    void statesTheJobsLifetimeAndTheWaitBeyondItWhenTheGatewayToldThem() {
        PerfReport report = report(12, 21.5, 6.25);

        assertThat(report.toText())
                .contains("job's own lifetime p50 21.5 ms, client's wait beyond it p50 6.3 ms (12 queries");
        assertThat(report.toJson()).contains("\"job_samples\":12,\"job_p50_ms\":21.500,\"beyond_job_p50_ms\":6.250,");
    }

    @Test
    void saysNothingOfJobsWhenThereWereNoSamples() {
        PerfReport report = report(0, Double.NaN, Double.NaN);

        assertThat(report.toText()).doesNotContain("job's own lifetime");
        assertThat(report.toJson()).contains("\"job_samples\":0,\"job_p50_ms\":null,\"beyond_job_p50_ms\":null,");
    }

    @Test
    void statesEachPhasesMedianAndThePlanCachesAnswers() {
        Map<String, Double> p50 = new LinkedHashMap<>();
        p50.put("plan_ms", 1.2);
        p50.put("first_row_ms", 50.0);
        Map<String, Integer> planCache = new LinkedHashMap<>();
        planCache.put("hit", 30);
        planCache.put("miss", 10);
        planCache.put("skip", 0);
        PerfReport report = report(new HistoryPhases(40, p50, 0, planCache));

        assertThat(report.toText())
                .contains("phases p50 ms (40 queries from SHOW QUERY HISTORY): plan 1.2, first_row 50.0; plan cache"
                        + " 30 hit, 0 template, 10 miss, 0 skip")
                .doesNotContain("job's own lifetime");
        assertThat(report.toJson())
                .contains("\"history_queries\":40,\"phases_p50_ms\":{\"plan_ms\":1.200,\"first_row_ms\":50.000},"
                        + "\"plan_cache\":{\"hit\":30,\"miss\":10,\"skip\":0},");
    }

    private static PerfReport report(int jobSamples, double jobP50, double beyondJobP50) {
        return report(
                jobSamples == 0
                        ? HistoryPhases.NONE
                        : new HistoryPhases(
                                jobSamples,
                                Map.of("job_ms", jobP50, "beyond_job_ms", beyondJobP50),
                                jobSamples,
                                Map.of("hit", 0, "miss", jobSamples, "skip", 0)));
    }

    private static PerfReport report(HistoryPhases history) {
        return new PerfReport(
                "jdbc:sluice://127.0.0.1:1",
                "q1",
                1,
                100,
                100,
                800,
                0,
                Map.of(),
                Duration.ofSeconds(2),
                30,
                28,
                40,
                50,
                60,
                70,
                history);
    }
}
