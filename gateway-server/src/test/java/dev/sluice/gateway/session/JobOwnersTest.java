package dev.sluice.gateway.session;

import dev.sluice.gateway.security.GatewayUser;
import org.apache.flink.api.common.JobID;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JobOwnersTest {
    private static final GatewayUser ALICE = new GatewayUser("alice");
    private static final GatewayUser BOB = new GatewayUser("bob");

    @Test
    void remembersWhoseSessionSubmittedEachJob() {
        JobOwners owners = new JobOwners(10);
        JobID first = new JobID();
        JobID second = new JobID();

        owners.record(first, ALICE);
        owners.record(second, BOB);

        assertThat(owners.find(first.toHexString())).contains(ALICE);
        assertThat(owners.find(second.toHexString())).contains(BOB);
        assertThat(owners.find(new JobID().toHexString())).isEmpty();
    }

    @Test
    void forgetsTheOldestJobsBeyondItsCapacity() {
        JobOwners owners = new JobOwners(2);
        JobID oldest = new JobID();
        JobID middle = new JobID();
        JobID newest = new JobID();

        owners.record(oldest, ALICE);
        owners.record(middle, ALICE);
        owners.record(newest, ALICE);

        assertThat(owners.find(oldest.toHexString())).isEmpty();
        assertThat(owners.find(middle.toHexString())).contains(ALICE);
        assertThat(owners.find(newest.toHexString())).contains(ALICE);
    }

    @Test
    void rejectsACapacityBelowOne() {
        assertThatThrownBy(() -> new JobOwners(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("capacity must be at least 1, was 0");
    }
}
