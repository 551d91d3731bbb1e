package dev.sluice.sessioncache;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;
import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Per-cluster options of admission; reference: docs/configuration.md. */
public final class AdmissionOptions {
    private AdmissionOptions() {}

    /** How often admission reads a cluster's total task slots again, when it takes them as its bound. */
    public static final Duration SLOT_CAPACITY_REFRESH = Duration.ofSeconds(10);

    /** Per-cluster: {@code sluice.cluster.<name>.admission.max-running-jobs}. */
    public static ConfigOption<Integer> maxRunningJobs(String cluster) {
        return key(ClusterOptions.CLUSTER_PREFIX + cluster + ".admission.max-running-jobs")
                .intType()
                .defaultValue(0)
                .withDescription("How many of the cluster's jobs the gateway lets run at once; the queries beyond wait"
                        + " in order of arrival. 0 takes the cluster's total task slots (read from its REST API and"
                        + " read again every " + SLOT_CAPACITY_REFRESH.toSeconds() + " s), which is right for jobs"
                        + " of parallelism 1, Flink's default for the short queries Sluice serves; -1 turns admission"
                        + " off and leaves waiting jobs to Flink's slot manager.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.admission.max-queued}. */
    public static ConfigOption<Integer> maxQueued(String cluster) {
        return key(ClusterOptions.CLUSTER_PREFIX + cluster + ".admission.max-queued")
                .intType()
                .defaultValue(1000)
                .withDescription("How many queries may wait for admission to the cluster; a query beyond is refused"
                        + " at once with SQLState 53000.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.admission.max-queries-per-job}. */
    public static ConfigOption<Integer> maxQueriesPerJob(String cluster) {
        return key(ClusterOptions.CLUSTER_PREFIX + cluster + ".admission.max-queries-per-job")
                .intType()
                .defaultValue(8)
                .withDescription("How many waiting queries one job may carry. When a pushed batch query is admitted,"
                        + " it takes the queries that wait behind it with the same job configuration (session"
                        + " options, no jars of their own) into its own job, up to this many in all: one submission,"
                        + " one scheduling and one deployment for all of them, each answered at its own sink's end."
                        + " Such a job takes one place of max-running-jobs and one task slot, whose managed memory its"
                        + " queries share."
                        + " A query whose shared job fails before it was answered runs again in a job of its own, so"
                        + " that another query's failure never becomes its own. 1 gives every query a job of its"
                        + " own. See docs/benchmarks.md, \"Queries that share a job\".");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.admission.gather-time}. */
    public static ConfigOption<Duration> gatherTime(String cluster) {
        return key(ClusterOptions.CLUSTER_PREFIX + cluster + ".admission.gather-time")
                .durationType()
                .defaultValue(Duration.ofMillis(10))
                .withDescription("How long a query that had to wait for admission, and so found the cluster busy,"
                        + " waits after its admission for more queries to take into its job (see"
                        + " max-queries-per-job): the queries that a job's end sends again arrive within"
                        + " milliseconds, and each taken along saves a job. A query admitted at once never waits. 0"
                        + " takes only the queries waiting at its admission.");
    }

    public static ConfigOption<Double> maxUserShare(String cluster) {
        return key(ClusterOptions.CLUSTER_PREFIX + cluster + ".admission.max-user-share")
                .doubleType()
                .defaultValue(0.5)
                .withDescription("The share of the cluster's places (max-running-jobs, or its task slots) that one"
                        + " authenticated user's jobs may hold at once, at least one place: their further queries wait"
                        + " while other users' queries go ahead. Above 0 and at most 1 (1: no bound). Without"
                        + " authentication every session is the same anonymous user, held to no share.");
    }

    /** Every admission option of a cluster named {@code cluster}, in the order of the reference. */
    public static List<ConfigOption<?>> perCluster(String cluster) {
        return List.of(
                maxRunningJobs(cluster),
                maxQueued(cluster),
                maxQueriesPerJob(cluster),
                gatherTime(cluster),
                maxUserShare(cluster));
    }
}
