package dev.sluice.gateway.security;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class RequestUserTest {
    private final RequestUser requestUser = new RequestUser();

    @Test
    void isTheUserOfTheCallOnItsThreadOnly() throws Exception {
        GatewayUser alice = new GatewayUser("alice");

        requestUser.callAs(alice, () -> {
            assertThat(requestUser.require()).isEqualTo(alice);
            return null;
        });

        assertThatThrownBy(requestUser::require)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("No authenticated user on thread ");
    }

    @Test
    void aTaskCarriedToAWorkerRunsAsTheRequestsUser() throws Exception {
        GatewayUser alice = new GatewayUser("alice");
        AtomicReference<GatewayUser> seen = new AtomicReference<>();

        Runnable carried = requestUser.callAs(alice, () -> requestUser.carrying(() -> seen.set(requestUser.require())));
        CompletableFuture.runAsync(carried).get();

        assertThat(seen).hasValue(alice);
    }

    @Test
    void aTaskFromAThreadWithoutAUserIsCarriedUnchanged() {
        Runnable task = () -> {};

        assertThat(requestUser.carrying(task)).isSameAs(task);
    }
}
