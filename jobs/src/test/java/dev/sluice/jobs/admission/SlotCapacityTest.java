package dev.sluice.jobs.admission;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class SlotCapacityTest {
    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger reads = new AtomicInteger();

    @Test
    void readsTheClusterOncePerPeriod() {
        AtomicInteger slots = new AtomicInteger(4);
        SlotCapacity capacity = new SlotCapacity("c", () -> count(slots.get()), now::get, Runnable::run);

        assertThat(capacity.getAsInt()).isEqualTo(4);
        slots.set(8);
        now.addAndGet(TimeUnit.SECONDS.toNanos(9));
        assertThat(capacity.getAsInt()).isEqualTo(4);
        now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertThat(capacity.getAsInt()).isEqualTo(8);
        assertThat(reads).hasValue(2);
    }

    @Test
    void aFailedReadKeepsTheLastKnownSlots() {
        AtomicInteger slots = new AtomicInteger(4);
        SlotCapacity capacity = new SlotCapacity(
                "c",
                () -> {
                    if (slots.get() < 0) {
                        throw new IllegalStateException("cluster down");
                    }
                    return slots.get();
                },
                now::get,
                Runnable::run);
        assertThat(capacity.getAsInt()).isEqualTo(4);

        slots.set(-1);
        now.addAndGet(SlotCapacity.REFRESH.toNanos());

        assertThat(capacity.getAsInt()).isEqualTo(4);
    }

    @Test
    void nothingKnownAndNoAnswerAdmitsOneAtATime() {
        SlotCapacity capacity = new SlotCapacity(
                "c",
                () -> {
                    throw new IllegalStateException("cluster down");
                },
                now::get,
                Runnable::run);

        assertThat(capacity.getAsInt()).isEqualTo(1);
    }

    @Test
    void aKnownFigureIsReadAgainOnTheRefresherNotByTheCaller() {
        AtomicInteger slots = new AtomicInteger(4);
        java.util.List<Runnable> refreshes = new java.util.ArrayList<>();
        SlotCapacity capacity = new SlotCapacity("c", () -> count(slots.get()), now::get, refreshes::add);
        assertThat(capacity.getAsInt()).isEqualTo(4); // nothing known: read by the caller
        slots.set(8);
        now.addAndGet(SlotCapacity.REFRESH.toNanos());

        assertThat(capacity.getAsInt()).isEqualTo(4); // the caller does not wait on the cluster
        assertThat(capacity.getAsInt()).isEqualTo(4);
        assertThat(refreshes).hasSize(1); // one refresh at a time
        refreshes.get(0).run();

        assertThat(capacity.getAsInt()).isEqualTo(8);
        assertThat(reads).hasValue(2);
    }

    private int count(int slots) {
        reads.incrementAndGet();
        return slots;
    }
}
