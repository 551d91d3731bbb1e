package dev.sluice.gateway.history;

import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.TestSessions;
import dev.sluice.planner.StatementKind;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

final class ClosedSessionHistoryTest {
    // positions in a row of SHOW QUERY HISTORY
    private static final int CLOSED_SESSION = 16;
    private static final int OUTCOME = 17;
    private static final int STATEMENT = 18;

    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser BOB = new GatewayUser("bob");

    private final TestSessions time = new TestSessions();
    private ClosedSessionHistory closed = closedSessions(Duration.ofMinutes(15), 100, 1000);

    @Test
    void aNewSessionOfTheSameUserShowsTheFinishedStatementsOfTheClosedOneFirst() {
        QueryHistory first = session(ALICE, "s1");
        run(first, "SELECT 1");
        first.start("SELECT 2", StatementKind.QUERY); // still running when its session closes
        time.advanceMillis(10);
        first.sessionClosed();

        QueryHistory second = session(ALICE, "s2");
        run(second, "SELECT 3");

        assertThat(rows(second))
                .extracting(row -> row.getField(CLOSED_SESSION), row -> row.getField(STATEMENT))
                .containsExactly(tuple("s1", "SELECT 1"), tuple(null, "SELECT 3"));
        assertThat(rows(second).get(0).getField(OUTCOME)).isEqualTo("finished");
    }

    @Test
    void anotherUserDoesNotSeeThem() {
        QueryHistory alices = session(ALICE, "s1");
        run(alices, "SELECT 'secret'");
        alices.sessionClosed();

        assertThat(rows(session(BOB, "s2"))).isEmpty();
        assertThat(closed.summaries(BOB::equals)).isEmpty();
    }

    @Test
    void theWebPageShowsThemMarkedAsOfAClosedSessionToThoseItMayShowThemTo() {
        QueryHistory alices = session(ALICE, "s1");
        run(alices, "SELECT 1");
        alices.sessionClosed();
        QueryHistory bobs = session(BOB, "s2");
        run(bobs, "SELECT 2");
        bobs.sessionClosed();

        assertThat(closed.summaries(ALICE::equals))
                .extracting(QuerySummary::sessionId, QuerySummary::statement, QuerySummary::sessionClosed)
                .containsExactly(tuple("s1", "SELECT 1", true));
        assertThat(closed.summaries(user -> true))
                .extracting(QuerySummary::statement)
                .containsExactly("SELECT 1", "SELECT 2");
    }

    @Test
    void anAnonymousSessionShowsNoOtherSessionsStatementsButTheWebPageDoes() {
        QueryHistory earlier = session(GatewayUser.ANONYMOUS, "s1");
        run(earlier, "SELECT 1");
        earlier.sessionClosed();

        assertThat(rows(session(GatewayUser.ANONYMOUS, "s2"))).isEmpty();
        assertThat(closed.summaries(GatewayUser.ANONYMOUS::equals)).hasSize(1);
    }

    @Test
    void theyGoOnceTheRetentionHasPassedSinceTheirSessionClosed() {
        QueryHistory first = session(ALICE, "s1");
        run(first, "SELECT 1");
        time.advanceMillis(60_000); // the retention counts from the close, not from the statement
        first.sessionClosed();
        QueryHistory second = session(ALICE, "s2");

        time.advanceMillis(Duration.ofMinutes(15).toMillis() - 1);
        assertThat(rows(second)).hasSize(1);

        time.advanceMillis(1);
        assertThat(rows(second)).isEmpty();
        assertThat(closed.size()).isZero();
    }

    @Test
    void aUserKeepsTheirNewestStatementsUpToTheirBound() {
        closed = closedSessions(Duration.ofMinutes(15), 3, 100);
        for (int session = 0; session < 3; session++) {
            QueryHistory history = session(ALICE, "s" + session);
            run(history, "SELECT " + session + "1");
            run(history, "SELECT " + session + "2");
            history.sessionClosed();
        }
        QueryHistory bobs = session(BOB, "b");
        run(bobs, "SELECT 'bob'");
        bobs.sessionClosed();

        assertThat(rows(session(ALICE, "new")))
                .extracting(row -> row.getField(STATEMENT))
                .containsExactly("SELECT 12", "SELECT 21", "SELECT 22");
        assertThat(rows(session(BOB, "new"))).hasSize(1);
    }

    @Test
    void aSessionWithMoreStatementsThanAUsersBoundLeavesItsNewest() {
        closed = closedSessions(Duration.ofMinutes(15), 2, 100);
        QueryHistory history = session(ALICE, "s1");
        for (int i = 0; i < 5; i++) {
            run(history, "SELECT " + i);
        }
        history.sessionClosed();

        assertThat(rows(session(ALICE, "s2")))
                .extracting(row -> row.getField(STATEMENT))
                .containsExactly("SELECT 3", "SELECT 4");
    }

    @Test
    void allUsersTogetherKeepUpToTheBoundTheOldestGoingFirstWhoeverTheyAre() {
        closed = closedSessions(Duration.ofMinutes(15), 2, 3);
        QueryHistory alices = session(ALICE, "a");
        run(alices, "SELECT 'a1'");
        run(alices, "SELECT 'a2'");
        alices.sessionClosed();
        QueryHistory bobs = session(BOB, "b");
        run(bobs, "SELECT 'b1'");
        run(bobs, "SELECT 'b2'");
        bobs.sessionClosed();

        assertThat(closed.size()).isEqualTo(3);
        assertThat(rows(session(ALICE, "new")))
                .extracting(row -> row.getField(STATEMENT))
                .containsExactly("SELECT 'a2'");
        assertThat(rows(session(BOB, "new")))
                .extracting(row -> row.getField(STATEMENT))
                .containsExactly("SELECT 'b1'", "SELECT 'b2'");
    }

    @Test
    void thousandsOfSessionsOpenedAndClosedHoldNoMoreThanTheBound() {
        closed = closedSessions(Duration.ofMinutes(15), 10, 50);
        for (int i = 0; i < 5_000; i++) {
            GatewayUser user = new GatewayUser(i % 2 == 0 ? "mallory" : "user" + i); // one user, and many
            QueryHistory history = session(user, "s" + i);
            run(history, "SELECT " + i);
            run(history, "SELECT " + i);
            history.sessionClosed();
        }

        assertThat(closed.size()).isEqualTo(50);
        assertThat(rows(session(new GatewayUser("mallory"), "new"))).hasSizeLessThanOrEqualTo(10);
    }

    @Test
    void zeroRetentionKeepsNone() {
        closed = closedSessions(Duration.ZERO, 1, 1);
        QueryHistory history = session(ALICE, "s1");
        run(history, "SELECT 1");
        history.sessionClosed();

        assertThat(closed.size()).isZero();
        assertThat(rows(session(ALICE, "s2"))).isEmpty();
    }

    private ClosedSessionHistory closedSessions(Duration retention, int perUser, int inAll) {
        return new ClosedSessionHistory(new ClosedSessionHistoryConfig(retention, perUser, inAll), time.clock);
    }

    private QueryHistory session(GatewayUser owner, String id) {
        return new QueryHistory(
                id, "test", QueryObserver.NONE, time.clock, new HistoryLimits(262_144, 2000), owner, closed);
    }

    private void run(QueryHistory history, String sql) {
        QueryTrace trace = history.start(sql, StatementKind.QUERY);
        time.advanceMillis(1);
        history.finish(trace, QueryOutcome.SUCCESS, "finished");
    }

    private static List<Row> rows(QueryHistory history) {
        return history.show().cursor().next(1000);
    }
}
