package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.Meta;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PrefetchingRowsTest {
    @Test
    void readsEveryFrameInOrderAskingForTheFetchSizeFromWhereTheLastFrameEnded() {
        List<String> asked = new ArrayList<>();
        PrefetchingRows rows = new PrefetchingRows(
                (offset, size) -> {
                    synchronized (asked) {
                        asked.add(offset + "/" + size);
                    }
                    return offset < 9
                            ? new Meta.Frame(offset, false, List.of(offset, offset + 1, offset + 2))
                            : new Meta.Frame(offset, true, List.of());
                },
                new Meta.Frame(0, false, List.of(0L, 1L, 2L)),
                3);

        List<Object> read = new ArrayList<>();
        rows.iterator().forEachRemaining(read::add);

        assertThat(read).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(asked).containsExactly("3/3", "6/3", "9/3");
    }

    @Test
    void fetchesOneFrameAheadAndNoMore() throws Exception {
        BlockingQueue<Long> asked = new LinkedBlockingQueue<>();
        PrefetchingRows rows = new PrefetchingRows(
                (offset, size) -> {
                    asked.add(offset);
                    return new Meta.Frame(offset, false, List.of(offset));
                },
                new Meta.Frame(0, false, List.of(0L)),
                0);

        Iterator<Object> iterator = rows.iterator();
        // the frame after the first is on its way before the application reads
        assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(iterator.next()).isEqualTo(0L);
        assertThat(iterator.next()).isEqualTo(1L);
        assertThat(asked.poll(10, TimeUnit.SECONDS)).isEqualTo(2);
        // nothing more until the application has taken the frame fetched ahead
        assertThat(asked.poll(200, TimeUnit.MILLISECONDS)).isNull();
        ((AutoCloseable) iterator).close();
    }

    @Test
    void closingWhileAFrameIsAwaitedFailsTheWaitingReaderAtOnce() throws Exception {
        CountDownLatch fetchStarted = new CountDownLatch(1);
        CountDownLatch gatewayAnswers = new CountDownLatch(1);
        PrefetchingRows rows = new PrefetchingRows(
                (offset, size) -> {
                    fetchStarted.countDown();
                    try {
                        gatewayAnswers.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new Meta.Frame(offset, true, List.of());
                },
                new Meta.Frame(0, false, List.of()),
                0);
        Iterator<Object> iterator = rows.iterator();
        assertThat(fetchStarted.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                iterator.hasNext();
                failure.complete(null);
            } catch (RuntimeException e) {
                failure.complete(e);
            }
        });
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reader.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(reader.getState()).isEqualTo(Thread.State.WAITING);

        ((AutoCloseable) iterator).close();

        assertThat(failure.get(10, TimeUnit.SECONDS))
                .isInstanceOfSatisfying(
                        AvaticaClientRuntimeException.class,
                        e -> assertThat(e.getSqlState()).isEqualTo("24000"));
        gatewayAnswers.countDown();
    }

    @Test
    void aFailedFetchReachesTheReaderAsItsOwnError() {
        AvaticaClientRuntimeException canceled = new AvaticaClientRuntimeException(
                "canceled", 3, "HY008", org.apache.calcite.avatica.AvaticaSeverity.ERROR, List.of(), null);
        PrefetchingRows rows = new PrefetchingRows(
                (offset, size) -> {
                    throw canceled;
                },
                new Meta.Frame(0, false, List.of(0L)),
                0);
        Iterator<Object> iterator = rows.iterator();
        assertThat(iterator.next()).isEqualTo(0L);
        assertThatThrownBy(iterator::hasNext).isSameAs(canceled);
    }
}
