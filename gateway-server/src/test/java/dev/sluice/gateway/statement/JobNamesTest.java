package dev.sluice.gateway.statement;

import dev.sluice.gateway.result.QueryDeadline;
import dev.sluice.jobs.JobRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

final class JobNamesTest {
    private static final String SESSION = "0b6c1e0e-6c61-4b5e-9d4c-2f1d2a3b4c5d";
    private static final QueryDeadline DEADLINE = new QueryDeadline(0, Duration.ofSeconds(10), "sluice.query.timeout");

    @Test
    void namesAJobAfterAHashOfTheSessionTheStatementAndTheRunNeverTheConnectionId() {
        JobNames names = new JobNames(SESSION);

        String first = names.request(7, DEADLINE, 0).name();
        String again = names.request(7, DEADLINE, 0).name();

        assertThat(first).matches("sluice:[0-9a-f]{8}:7:1").doesNotContain(SESSION.substring(0, 8));
        assertThat(again).isEqualTo(first.substring(0, first.length() - 1) + "2");
        assertThat(new JobNames("1b6c1e0e-6c61-4b5e-9d4c-2f1d2a3b4c5d")
                        .request(7, DEADLINE, 0)
                        .name())
                .isNotEqualTo(first);
    }

    @Test
    void requestsTheTimeTheStatementHasLeft() {
        JobRequest request =
                new JobNames(SESSION).request(3, DEADLINE, Duration.ofSeconds(4).toNanos());

        assertThat(request.remaining()).isEqualTo(Duration.ofSeconds(6));
        assertThat(request.timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(request.timeoutKey()).isEqualTo("sluice.query.timeout");
        assertThat(request.name()).endsWith(":3:1");
    }
}
