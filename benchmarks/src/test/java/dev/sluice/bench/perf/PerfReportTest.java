package dev.sluice.bench.perf;

import org.junit.jupiter.api.Test;

import java.time.Duration;
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

    private static PerfReport report(int jobSamples, double jobP50, double beyondJobP50) {
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
                jobSamples,
                jobP50,
                beyondJobP50);
    }
}
