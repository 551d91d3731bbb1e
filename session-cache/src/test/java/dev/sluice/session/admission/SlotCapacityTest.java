package dev.sluice.session.admission;

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
        SlotCapacity capacity = new SlotCapacity("c", () -> count(slots.get()), now::get);

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
                now::get);
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
                now::get);

        assertThat(capacity.getAsInt()).isEqualTo(1);
    }

    private int count(int slots) {
        reads.incrementAndGet();
        return slots;
    }
}
