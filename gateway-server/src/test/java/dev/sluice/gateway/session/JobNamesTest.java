package dev.sluice.gateway.session;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

final class JobNamesTest {
    private static final String SESSION = "0b6c1e0e-6c61-4b5e-9d4c-2f1d2a3b4c5d";

    @Test
    void namesAJobAfterAHashOfTheSessionAndTheStatementNeverTheConnectionId() {
        String name = new JobNames(SESSION).name(7);

        assertThat(name).matches("sluice:[0-9a-f]{8}:7").doesNotContain(SESSION.substring(0, 8));
        assertThat(new JobNames(SESSION).name(7)).isEqualTo(name);
        assertThat(new JobNames("1b6c1e0e-6c61-4b5e-9d4c-2f1d2a3b4c5d").name(7)).isNotEqualTo(name);
    }

    @Test
    void requestsTheTimeTheStatementHasLeft() {
        QueryDeadline deadline = new QueryDeadline(0, Duration.ofSeconds(10));

        var request =
                new JobNames(SESSION).request(3, deadline, Duration.ofSeconds(4).toNanos());

        assertThat(request.remaining()).isEqualTo(Duration.ofSeconds(6));
        assertThat(request.timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(request.timeoutKey()).isEqualTo("sluice.query.timeout");
        assertThat(request.name()).endsWith(":3");
    }
}
