package dev.sluice.gateway.avatica;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

final class InFlightRequestTest {
    @Test
    void whatARequestRegisteredRunsOnceWhenItIsAbandoned() {
        InFlightRequest request = new InFlightRequest();
        AtomicInteger cancelled = new AtomicInteger();
        request.callOnThisThread(() -> InFlightRequest.whenCurrentAbandoned(cancelled::incrementAndGet));

        request.abandoned();
        request.abandoned();

        assertThat(cancelled).hasValue(1);
    }

    @Test
    void aClosedRegistrationIsForgotten() {
        InFlightRequest request = new InFlightRequest();
        AtomicInteger cancelled = new AtomicInteger();
        request.callOnThisThread(() -> {
            InFlightRequest.whenCurrentAbandoned(cancelled::incrementAndGet).close();
            return null;
        });

        request.abandoned();

        assertThat(cancelled).hasValue(0);
    }

    @Test
    void whatAWorkerRegistersForTheRequestItWasCarriedFromIsCancelledWithIt() throws Exception {
        InFlightRequest request = new InFlightRequest();
        AtomicInteger cancelled = new AtomicInteger();
        Runnable carried = request.callOnThisThread(
                () -> InFlightRequest.carrying(() -> InFlightRequest.whenCurrentAbandoned(cancelled::incrementAndGet)));
        CompletableFuture.runAsync(carried).get();

        request.abandoned();

        assertThat(cancelled).hasValue(1);
    }

    @Test
    void aTaskFromAThreadThatHandlesNoRequestIsCarriedUnchanged() {
        Runnable task = () -> {};

        assertThat(InFlightRequest.carrying(task)).isSameAs(task);
    }

    @Test
    void aRegistrationOnAThreadThatHandlesNoRequestDoesNothing() {
        AtomicInteger cancelled = new AtomicInteger();

        InFlightRequest.whenCurrentAbandoned(cancelled::incrementAndGet).close();

        assertThat(cancelled).hasValue(0);
    }
}
