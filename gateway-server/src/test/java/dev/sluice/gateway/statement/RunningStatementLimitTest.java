package dev.sluice.gateway.statement;

import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryPhases;
import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.planner.StatementKind;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class RunningStatementLimitTest {
    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser BOB = new GatewayUser("bob");

    private final RunningStatementLimit limit = new RunningStatementLimit(2);

    @Test
    void refusesAUsersStatementOverTheLimitOverAllTheirSessionsAndNotOtherUsers() {
        AtomicInteger told = new AtomicInteger();
        QueryObserver metrics = new QueryObserver() {
            @Override
            public void executed(String cluster, StatementKind kind, long executeNanos, boolean succeeded) {}

            @Override
            public void started(String cluster, StatementKind kind) {
                told.incrementAndGet();
            }
        };
        QueryObserver firstSession = limit.observing(ALICE, metrics);
        QueryObserver secondSession = limit.observing(ALICE, metrics);
        firstSession.started("c", StatementKind.QUERY);
        secondSession.started("c", StatementKind.QUERY);

        assertThatThrownBy(() -> firstSession.started("c", StatementKind.QUERY))
                .isInstanceOf(TooManyRunningStatementsException.class)
                .hasMessage("User alice already has 2 statements running, the limit set by"
                        + " sluice.security.user.max-running-statements; read their results to the end or close"
                        + " them, or raise the limit");
        assertThat(told).as("a refused statement is not reported as started").hasValue(2);
        limit.observing(BOB, metrics).started("c", StatementKind.QUERY);
        assertThat(limit.running(ALICE)).isEqualTo(2);
        assertThat(limit.running(BOB)).isEqualTo(1);
    }

    @Test
    void aFinishedStatementGivesItsPlaceBack() {
        QueryObserver session = limit.observing(ALICE, QueryObserver.NONE);
        session.started("c", StatementKind.QUERY);
        session.started("c", StatementKind.QUERY);

        session.finished("c", StatementKind.QUERY, QueryOutcome.SUCCESS, new QueryPhases(Map.of()));

        session.started("c", StatementKind.QUERY);
        assertThat(limit.running(ALICE)).isEqualTo(2);
    }

    @Test
    void leavesTheAnonymousUserOfAGatewayWithoutAuthenticationAlone() {
        QueryObserver session = limit.observing(GatewayUser.ANONYMOUS, QueryObserver.NONE);

        assertThat(session).isSameAs(QueryObserver.NONE);
    }

    @Test
    void rejectsALimitBelowOne() {
        assertThatThrownBy(() -> new RunningStatementLimit(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limit must be at least 1, was 0");
    }
}
