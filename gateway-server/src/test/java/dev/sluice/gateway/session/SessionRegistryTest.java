package dev.sluice.gateway.session;

import dev.sluice.gateway.authorization.Authorization;
import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.history.ClosedSessionHistory;
import dev.sluice.gateway.history.ClosedSessionHistoryConfig;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.planning.TestPlanning;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.gateway.settings.PipelinedBatchProfile;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.jobs.admission.ClusterAdmissions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.sessioncache.ClusterClientStats;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.SessionCacheConfig;
import dev.sluice.sessioncache.SessionClusters;
import dev.sluice.sessioncache.UnknownClusterException;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Session bookkeeping; creating a TableEnvironment contacts no cluster, so none runs here. */
final class SessionRegistryTest {
    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser MALLORY = new GatewayUser("mallory");

    private final AtomicLong nanos = new AtomicLong();
    private final SessionClusters clusters = new SessionClusters(List.of(
            new ClusterEndpoint("first", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1)),
            new ClusterEndpoint("second", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 2))));

    @Test
    void closesSessionsIdleLongerThanTheTimeoutOnly() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("idle", ALICE, Map.of());
            sessions.open("busy", ALICE, Map.of());
            nanos.addAndGet(Duration.ofMinutes(20).toNanos());
            sessions.requireOwned("busy", ALICE);
            nanos.addAndGet(Duration.ofMinutes(11).toNanos());

            assertThat(sessions.closeIdleSessions()).isEqualTo(1);
            assertThat(sessions.size()).isEqualTo(1);
            assertThatThrownBy(() -> sessions.requireOwned("idle", ALICE))
                    .isInstanceOf(NoSuchSessionException.class)
                    .hasMessage("Connection idle is not open on this gateway (closed, expired after idling, or the"
                            + " gateway restarted); open a new connection");
            assertThat(sessions.requireOwned("busy", ALICE).id()).isEqualTo("busy");
        }
    }

    @Test
    void refusesSessionsBeyondTheLimit() {
        try (SessionRegistry sessions = registry(1, Duration.ofMinutes(30))) {
            sessions.open("a", ALICE, Map.of());
            assertThatThrownBy(() -> sessions.open("b", ALICE, Map.of()))
                    .isInstanceOf(TooManySessionsException.class)
                    .hasMessage(
                            "The gateway already has 1 open connections, the limit set by sluice.session.max-sessions;"
                                    + " close idle connections or raise the limit");
            sessions.close("a", ALICE);
            assertThat(sessions.open("b", ALICE, Map.of()).id()).isEqualTo("b");
        }
    }

    @Test
    void picksTheClusterNamedByTheConnectionOrTheFirst() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            assertThat(sessions.open("a", ALICE, Map.of()).cluster().name()).isEqualTo("first");
            assertThat(sessions.open("b", ALICE, Map.of("cluster", "second"))
                            .cluster()
                            .name())
                    .isEqualTo("second");
            assertThatThrownBy(() -> sessions.open("c", ALICE, Map.of("cluster", "third")))
                    .isInstanceOf(UnknownClusterException.class)
                    .hasMessage("Unknown cluster 'third'; this gateway serves [first, second]");
            assertThat(sessions.size()).isEqualTo(2);
        }
    }

    @Test
    void closingTwiceOrClosingAnUnknownSessionDoesNothing() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("a", ALICE, Map.of());
            sessions.close("a", ALICE);
            sessions.close("a", ALICE);
            sessions.close("never-opened", ALICE);
            assertThat(sessions.size()).isZero();
        }
    }

    @Test
    void answersAnotherUsersSessionAsOneThatDoesNotExist() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("a", ALICE, Map.of());

            assertThatThrownBy(() -> sessions.requireOwned("a", MALLORY))
                    .isInstanceOf(NoSuchSessionException.class)
                    .hasMessage(new NoSuchSessionException("a").getMessage());
            assertThat(sessions.findOwned("a", MALLORY)).isNull();
            sessions.close("a", MALLORY);

            assertThat(sessions.size()).isEqualTo(1);
            assertThat(sessions.requireOwned("a", ALICE).id()).isEqualTo("a");
        }
    }

    @Test
    void refusesAUsersSessionsBeyondThePerUserLimitOnly() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("a", ALICE, Map.of());
            sessions.open("b", ALICE, Map.of());

            assertThatThrownBy(() -> sessions.open("c", ALICE, Map.of()))
                    .isInstanceOf(TooManyUserSessionsException.class)
                    .hasMessage("User alice already has 2 open connections, the limit set by"
                            + " sluice.security.user.max-sessions; close idle connections or raise the limit");
            assertThat(sessions.open("c", MALLORY, Map.of()).id()).isEqualTo("c");
            assertThat(sessions.size()).isEqualTo(3);
            sessions.close("a", ALICE);
            assertThat(sessions.open("d", ALICE, Map.of()).id()).isEqualTo("d");
        }
    }

    @Test
    void appliesNoPerUserLimitWithoutAuthentication() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            for (int i = 0; i < 5; i++) {
                sessions.open("s" + i, GatewayUser.ANONYMOUS, Map.of());
            }
            assertThat(sessions.size()).isEqualTo(5);
        }
    }

    @Test
    void passesItsClockToItsSessions() {
        Instant wallTime = Instant.parse("2026-03-01T10:15:30Z");
        SessionClock clock = new SessionClock(Clock.fixed(wallTime, ZoneOffset.UTC), nanos::get);
        SessionConfig config = new SessionConfig(
                10, Duration.ofMinutes(30), 1000, Duration.ZERO, 1_000_000, 262_144, 2000, Duration.ofMinutes(5));
        try (SessionRegistry sessions = new SessionRegistry(clusters, sessionFactory(config, clock), config, 64)) {
            GatewaySession session = sessions.open("a", ALICE, Map.of());
            GatewayStatement statement = session.createStatement();

            session.execute(statement, "SET 'pipeline.name' = 'dashboards'", 0);
            session.execute(statement, "SHOW QUERY HISTORY", 0);

            assertThat(statement.fetch(0, 10).rows().get(0).getField(0)).isEqualTo(wallTime.toString());
        }
    }

    @Test
    void theStatementsOfAClosedOrExpiredSessionStayForItsUserAlone() {
        // idle sessions expire after 10 minutes; the statements of closed ones stay for 15
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(10))) {
            GatewaySession closed = sessions.open("closed", ALICE, Map.of());
            closed.execute(closed.createStatement(), "SET 'pipeline.name' = 'closed'", 0);
            sessions.close("closed", ALICE);
            GatewaySession expired = sessions.open("expired", ALICE, Map.of());
            expired.execute(expired.createStatement(), "SET 'pipeline.name' = 'expired'", 0);
            nanos.addAndGet(Duration.ofMinutes(11).toNanos());
            assertThat(sessions.closeIdleSessions()).isEqualTo(1);

            GatewaySession next = sessions.open("next", ALICE, Map.of());
            GatewayStatement statement = next.createStatement();
            next.execute(statement, "SHOW QUERY HISTORY", 0);

            assertThat(statement.fetch(0, 10).rows())
                    .extracting(row -> row.getField(16), row -> row.getField(18))
                    .containsExactly(
                            tuple("closed", "SET 'pipeline.name' = 'closed'"),
                            tuple("expired", "SET 'pipeline.name' = 'expired'"));
            assertThat(sessions.queries(ALICE))
                    .extracting(QuerySummary::sessionId, QuerySummary::sessionClosed)
                    .containsExactly(tuple("expired", true), tuple("closed", true));
            assertThat(sessions.queries(MALLORY)).isEmpty();
        }
    }

    private SessionRegistry registry(int maxSessions, Duration idleTimeout) {
        SessionConfig config = new SessionConfig(
                maxSessions, idleTimeout, 1000, Duration.ZERO, 1_000_000, 262_144, 2000, Duration.ofMinutes(5));
        return new SessionRegistry(clusters, sessionFactory(config, SessionClock.withNanoClock(nanos::get)), config, 2);
    }

    private static SessionFactory sessionFactory(SessionConfig config, SessionClock clock) {
        return new SessionFactory(
                new SessionResources(
                        ClusterClients.create(
                                new SessionCacheConfig(true, Duration.ofMinutes(30), 8),
                                new Configuration(),
                                new ClusterClientStats()),
                        ClusterAdmissions.unlimited(),
                        new JobPlanCache(new PlanCacheConfig(true, 16)),
                        ResultCache.disabled(),
                        ResultTransports.collect(),
                        QueryObserver.NONE,
                        clock,
                        new ClosedSessionHistory(
                                new ClosedSessionHistoryConfig(Duration.ofMinutes(15), 100, 1000), clock),
                        TestPlanning.onCallingThread()),
                new Configuration(),
                config,
                SessionSetup.none(),
                16,
                UserCodePolicy.NONE,
                DataAccessPolicy.defaults(),
                Authorization.none(),
                new PipelinedBatchProfile(false, new Configuration(), cluster -> Optional.empty(), Runnable::run));
    }
}
