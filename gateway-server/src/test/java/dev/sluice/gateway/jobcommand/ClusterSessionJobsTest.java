package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.sessioncache.ClusterClientStats;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.SessionCacheConfig;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** Who may stop a job of the session's cluster: its owner, and whoever is an admin at the time of asking. */
final class ClusterSessionJobsTest {
    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser BOB = new GatewayUser("bob");

    @Test
    void anAdminNamedAfterTheSessionOpenedMayStopAnotherUsersJob() {
        JobOwners owners = new JobOwners(100, List::of, Runnable::run);
        JobID alicesJob = new JobID();
        owners.record(alicesJob, ALICE);
        AtomicBoolean bobIsAdmin = new AtomicBoolean();
        ClusterSessionJobs bobsJobs = new ClusterSessionJobs(
                ClusterClients.create(
                        new SessionCacheConfig(true, Duration.ofMinutes(30), 8),
                        new Configuration(),
                        new ClusterClientStats()),
                new ClusterEndpoint("local", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1)),
                BOB,
                owners,
                bobIsAdmin::get);

        assertThat(bobsJobs.ownedBySessionUser(alicesJob.toHexString())).isFalse();
        bobIsAdmin.set(true); // the rules file named bob an admin, and was read again
        assertThat(bobsJobs.ownedBySessionUser(alicesJob.toHexString())).isTrue();
        bobIsAdmin.set(false);
        assertThat(bobsJobs.ownedBySessionUser(alicesJob.toHexString())).isFalse();
    }
}
