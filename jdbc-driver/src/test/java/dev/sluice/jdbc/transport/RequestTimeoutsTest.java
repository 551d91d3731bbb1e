package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class RequestTimeoutsTest {
    private final RequestTimeouts timeouts = new RequestTimeouts(Duration.ofSeconds(60));

    @Test
    void boundsRequestsAnsweredAtOnceByTheRequestTimeoutAndLeavesHeldOnesUnbounded() {
        assertThat(timeouts.findBound("openConnection")).contains(Duration.ofSeconds(60));
        assertThat(timeouts.findBound("getTables")).contains(Duration.ofSeconds(60));
        assertThat(timeouts.promptBound()).isEqualTo(Duration.ofSeconds(60));
        assertThat(timeouts.findBound("fetch")).isEmpty();
        assertThat(timeouts.findBound("prepareAndExecute")).isEmpty();
        assertThat(timeouts.networkTimeout()).isZero();
    }

    @Test
    void theNetworkTimeoutBoundsEveryRequest() {
        timeouts.setNetworkTimeout(Duration.ofMillis(1500));

        assertThat(timeouts.findBound("fetch")).contains(Duration.ofMillis(1500));
        assertThat(timeouts.findBound("execute")).contains(Duration.ofMillis(1500));
        assertThat(timeouts.findBound("commit")).contains(Duration.ofMillis(1500));
        assertThat(timeouts.promptBound()).isEqualTo(Duration.ofMillis(1500));

        timeouts.setNetworkTimeout(Duration.ZERO);
        assertThat(timeouts.findBound("fetch")).isEmpty();
        assertThat(timeouts.findBound("commit")).contains(Duration.ofSeconds(60));
    }

    @Test
    void aStatementsQueryTimeoutBoundsItsHeldRequestsOnItsThreadWhileItsScopeLasts() {
        try (RequestTimeouts.QueryTimeoutScope outer = RequestTimeouts.forQueryTimeout(Duration.ofSeconds(10))) {
            assertThat(timeouts.findBound("prepareAndExecute")).contains(Duration.ofSeconds(15));
            assertThat(timeouts.findBound("fetch")).contains(Duration.ofSeconds(15));
            assertThat(timeouts.findBound("getTables")).as("answered at once").contains(Duration.ofSeconds(60));
            try (RequestTimeouts.QueryTimeoutScope none = RequestTimeouts.forQueryTimeout(Duration.ZERO)) {
                assertThat(timeouts.findBound("fetch"))
                        .as("a statement without a timeout")
                        .isEmpty();
            }
            assertThat(timeouts.findBound("fetch"))
                    .as("the outer statement's again")
                    .contains(Duration.ofSeconds(15));

            timeouts.setNetworkTimeout(Duration.ofSeconds(2));
            assertThat(timeouts.findBound("fetch"))
                    .as("the network timeout wins")
                    .contains(Duration.ofSeconds(2));
            timeouts.setNetworkTimeout(Duration.ZERO);
            assertThat(timeouts.abandon("http://gw:8765", "fetch", Duration.ofSeconds(15)))
                    .hasMessageContaining("did not answer fetch within 15000 ms (the statement's setQueryTimeout of"
                            + " 10 s, plus 5 s)");
        }
        assertThat(timeouts.findBound("fetch")).as("after the scope").isEmpty();
    }

    @Test
    void rejectsANegativeNetworkTimeout() {
        assertThatThrownBy(() -> timeouts.setNetworkTimeout(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The network timeout must be 0 ms or more, was -1 ms");
    }

    @Test
    void rejectsANonPositiveRequestTimeout() {
        assertThatThrownBy(() -> new RequestTimeouts(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("request_timeout_ms must be positive, was 0");
    }

    @Test
    void anAbandonedRequestFailsWith08006NamingTheGatewayAndTheWaitAndClosesTheConnection() {
        assertThat(timeouts.findAbandonment()).isEmpty();

        RuntimeException failure = timeouts.abandon("http://gw:8765", "getTables", Duration.ofSeconds(60));

        assertThat(failure)
                .isInstanceOfSatisfying(
                        AvaticaClientRuntimeException.class,
                        e -> assertThat(e.getSqlState()).isEqualTo("08006"))
                .hasMessage("The Sluice gateway at http://gw:8765 did not answer getTables within 60000 ms"
                        + " (request_timeout_ms); the connection is closed");
        assertThat(timeouts.findAbandonment())
                .contains("the Sluice gateway at http://gw:8765 did not answer getTables within 60000 ms"
                        + " (request_timeout_ms)");
    }

    @Test
    void namesTheNetworkTimeoutWhenItGaveTheBound() {
        timeouts.setNetworkTimeout(Duration.ofSeconds(2));

        assertThat(timeouts.abandon("http://gw:8765", "fetch", Duration.ofSeconds(2)))
                .hasMessageContaining("within 2000 ms (Connection.setNetworkTimeout)");
    }
}
