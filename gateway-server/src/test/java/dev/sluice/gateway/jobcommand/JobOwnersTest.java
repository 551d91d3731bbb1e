package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.api.common.JobID;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JobOwnersTest {
    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser BOB = new GatewayUser("bob");

    private final List<ClusterJob> cluster = new ArrayList<>();
    private final AtomicInteger listings = new AtomicInteger();

    @Test
    void remembersWhoseSessionSubmittedEachJob() {
        JobOwners owners = owners(10, this::listCluster);
        JobID first = new JobID();
        JobID second = new JobID();

        owners.record(first, ALICE);
        owners.record(second, BOB);

        assertThat(owners.find(first.toHexString())).contains(ALICE);
        assertThat(owners.find(second.toHexString())).contains(BOB);
        assertThat(owners.find(new JobID().toHexString())).isEmpty();
        assertThat(listings).as("below the mark the cluster is not asked").hasValue(0);
    }

    @Test
    void forgetsTheJobsThatEndedOrThatTheClusterForgotAtTheMarkAndKeepsTheRunningOnes() {
        JobOwners owners = owners(4, this::listCluster);
        JobID running = submit(owners, "RUNNING");
        JobID finished = submit(owners, "FINISHED");
        JobID failed = submit(owners, "FAILED");
        JobID forgotten = new JobID(); // the cluster no longer lists it

        owners.record(forgotten, ALICE);

        assertThat(listings).hasValue(1);
        assertThat(owners.find(running.toHexString())).contains(ALICE);
        assertThat(owners.find(finished.toHexString())).isEmpty();
        assertThat(owners.find(failed.toHexString())).isEmpty();
        assertThat(owners.find(forgotten.toHexString())).isEmpty();
        assertThat(owners.size()).isEqualTo(1);
    }

    @Test
    void keepsAJobRecordedWhileItReadsTheCluster() {
        JobID late = new JobID();
        JobOwners[] owners = new JobOwners[1];
        owners[0] = owners(1, () -> {
            owners[0].record(late, BOB); // submitted after the snapshot, before the cluster answered
            return listCluster();
        });

        owners[0].record(new JobID(), ALICE);

        assertThat(owners[0].find(late.toHexString())).contains(BOB);
    }

    @Test
    void triesAgainLaterWhenTheClusterDoesNotAnswer() {
        JobOwners owners = owners(2, () -> {
            listings.incrementAndGet();
            throw new IllegalStateException("cluster down");
        });
        JobID first = new JobID();

        owners.record(first, ALICE);
        owners.record(new JobID(), ALICE);
        owners.record(new JobID(), ALICE);

        assertThat(listings).as("the mark moved on after the failed prune").hasValue(1);
        assertThat(owners.find(first.toHexString())).contains(ALICE);
    }

    @Test
    void rejectsAPruneMarkBelowOne() {
        assertThatThrownBy(() -> new JobOwners(0, List::of, Runnable::run))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pruneMark must be at least 1, was 0");
    }

    private JobOwners owners(int pruneMark, Supplier<List<ClusterJob>> jobs) {
        return new JobOwners(pruneMark, jobs, Runnable::run);
    }

    private List<ClusterJob> listCluster() {
        listings.incrementAndGet();
        return List.copyOf(cluster);
    }

    private JobID submit(JobOwners owners, String state) {
        JobID id = new JobID();
        cluster.add(new ClusterJob(
                id.toHexString(), "job", state, Instant.parse("2026-11-24T05:00:00Z"), Duration.ofSeconds(1)));
        owners.record(id, ALICE);
        return id;
    }
}
