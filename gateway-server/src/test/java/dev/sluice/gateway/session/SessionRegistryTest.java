package dev.sluice.gateway.session;

import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.session.ClusterClientStats;
import dev.sluice.session.ClusterClients;
import dev.sluice.session.ClusterEndpoint;
import dev.sluice.session.ClusterKind;
import dev.sluice.session.HostAndPort;
import dev.sluice.session.SessionCacheConfig;
import dev.sluice.session.SessionClusters;
import dev.sluice.session.UnknownClusterException;
import dev.sluice.session.admission.ClusterAdmissions;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Session bookkeeping; creating a TableEnvironment contacts no cluster, so none runs here. */
final class SessionRegistryTest {
    private final AtomicLong nanos = new AtomicLong();
    private final SessionClusters clusters = new SessionClusters(List.of(
            new ClusterEndpoint("first", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1)),
            new ClusterEndpoint("second", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 2))));

    @Test
    void closesSessionsIdleLongerThanTheTimeoutOnly() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("idle", Map.of());
            sessions.open("busy", Map.of());
            nanos.addAndGet(Duration.ofMinutes(20).toNanos());
            sessions.require("busy");
            nanos.addAndGet(Duration.ofMinutes(11).toNanos());

            assertThat(sessions.closeIdleSessions()).isEqualTo(1);
            assertThat(sessions.size()).isEqualTo(1);
            assertThatThrownBy(() -> sessions.require("idle"))
                    .isInstanceOf(NoSuchSessionException.class)
                    .hasMessage("Connection idle is not open on this gateway (closed, expired after idling, or the"
                            + " gateway restarted); open a new connection");
            assertThat(sessions.require("busy").id()).isEqualTo("busy");
        }
    }

    @Test
    void refusesSessionsBeyondTheLimit() {
        try (SessionRegistry sessions = registry(1, Duration.ofMinutes(30))) {
            sessions.open("a", Map.of());
            assertThatThrownBy(() -> sessions.open("b", Map.of()))
                    .isInstanceOf(TooManySessionsException.class)
                    .hasMessage(
                            "The gateway already has 1 open connections, the limit set by sluice.session.max-sessions;"
                                    + " close idle connections or raise the limit");
            sessions.close("a");
            assertThat(sessions.open("b", Map.of()).id()).isEqualTo("b");
        }
    }

    @Test
    void picksTheClusterNamedByTheConnectionOrTheFirst() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            assertThat(sessions.open("a", Map.of()).cluster().name()).isEqualTo("first");
            assertThat(sessions.open("b", Map.of("cluster", "second")).cluster().name())
                    .isEqualTo("second");
            assertThatThrownBy(() -> sessions.open("c", Map.of("cluster", "third")))
                    .isInstanceOf(UnknownClusterException.class)
                    .hasMessage("Unknown cluster 'third'; this gateway serves [first, second]");
            assertThat(sessions.size()).isEqualTo(2);
        }
    }

    @Test
    void closingTwiceOrClosingAnUnknownSessionDoesNothing() {
        try (SessionRegistry sessions = registry(10, Duration.ofMinutes(30))) {
            sessions.open("a", Map.of());
            sessions.close("a");
            sessions.close("a");
            sessions.close("never-opened");
            assertThat(sessions.size()).isZero();
        }
    }

    @Test
    void passesItsClockToItsSessions() {
        Instant wallTime = Instant.parse("2026-03-01T10:15:30Z");
        SessionClock clock = new SessionClock(Clock.fixed(wallTime, ZoneOffset.UTC), nanos::get);
        try (SessionRegistry sessions = new SessionRegistry(
                clusters,
                ClusterClients.create(
                        new SessionCacheConfig(true, Duration.ofMinutes(30), 8),
                        new Configuration(),
                        new ClusterClientStats()),
                new Configuration(),
                new SessionConfig(10, Duration.ofMinutes(30), 1000, Duration.ZERO),
                clock,
                QueryObserver.NONE,
                new JobPlanCache(new PlanCacheConfig(true, 16)),
                ClusterAdmissions.unlimited(),
                ResultTransports.collect())) {
            GatewaySession session = sessions.open("a", Map.of());
            GatewayStatement statement = session.createStatement();

            session.execute(statement, "SET 'pipeline.name' = 'dashboards'", 0);
            session.execute(statement, "SHOW QUERY HISTORY", 0);

            assertThat(statement.fetch(0, 10).rows().get(0).getField(0)).isEqualTo(wallTime.toString());
        }
    }

    private SessionRegistry registry(int maxSessions, Duration idleTimeout) {
        ClusterClients clients = ClusterClients.create(
                new SessionCacheConfig(true, Duration.ofMinutes(30), 8), new Configuration(), new ClusterClientStats());
        return new SessionRegistry(
                clusters,
                clients,
                new Configuration(),
                new SessionConfig(maxSessions, idleTimeout, 1000, Duration.ZERO),
                SessionClock.withNanoClock(nanos::get),
                QueryObserver.NONE,
                new JobPlanCache(new PlanCacheConfig(true, 16)),
                ClusterAdmissions.unlimited(),
                ResultTransports.collect());
    }
}
