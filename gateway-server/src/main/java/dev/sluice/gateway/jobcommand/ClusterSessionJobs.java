package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.jobs.ClusterJobStops;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterJob;
import dev.sluice.sessioncache.ClusterOverviews;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The jobs of one session's cluster, through the cluster's shared client, for the session's user.
 *
 * @param admin whether the user is an admin now, who may stop every job: also one that a gateway before a restart
 *     started, whose owner only that gateway knew. Asked at each stop, so that a reloaded rules file counts at once
 */
public record ClusterSessionJobs(
        ClusterClients clients, ClusterEndpoint cluster, GatewayUser user, JobOwners owners, BooleanSupplier admin)
        implements SessionJobs {
    public ClusterSessionJobs {
        requireNonNull(clients, "clients is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(user, "user is null");
        requireNonNull(owners, "owners is null");
        requireNonNull(admin, "admin is null");
    }

    @Override
    public List<ClusterJob> list() {
        return ClusterOverviews.jobs(clients, cluster);
    }

    @Override
    public boolean ownedBySessionUser(String jobId) {
        return admin.getAsBoolean() || owners.find(jobId).filter(user::equals).isPresent();
    }

    @Override
    public void cancel(String jobId, Duration timeout) {
        ClusterJobStops.cancel(clients, cluster, jobId, timeout);
    }

    @Override
    public String stopWithSavepoint(String jobId, boolean drain, @Nullable String directory, Duration timeout) {
        return ClusterJobStops.stopWithSavepoint(clients, cluster, jobId, drain, directory, timeout);
    }
}
