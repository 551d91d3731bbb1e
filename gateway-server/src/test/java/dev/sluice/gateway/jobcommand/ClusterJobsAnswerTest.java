package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class ClusterJobsAnswerTest {
    @Test
    void listsEachJobWithFlinksColumnsAndItsDuration() {
        ClusterJob job = new ClusterJob(
                "a1b2",
                "insert-into_orders",
                "FINISHED",
                Instant.parse("2026-11-24T03:40:00Z"),
                Duration.ofMillis(420));
        StatementOutcome.Rows rows = new ClusterJobsAnswer(() -> List.of(job)).show();

        assertThat(rows.schema().getColumnNames())
                .containsExactly("job id", "job name", "status", "start time", "duration ms");
        assertThat(rows.cursor().next(10))
                .containsExactly(Row.of("a1b2", "insert-into_orders", "FINISHED", "2026-11-24T03:40:00Z", 420L));
    }
}
