package dev.sluice.gateway.avatica;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ConnectionIdsTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void acceptsRandomUuids(int ignored) {
        String id = UUID.randomUUID().toString();
        assertThat(ConnectionIds.requireUnguessable(id)).isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "c1",
                "",
                "0",
                "00000000-0000-0000-0000-000000000000",
                "6ba7b810-9dad-11d1-80b4-00c04fd430c8", // version 1: time and MAC address
                "6ba7b810-9dad-41d1-c0b4-00c04fd430c8", // version 4 bits, wrong variant
                "6ba7b810-9dad-41d1-80b4-00c04fd430c8 "
            })
    void refusesIdsThatAreNotRandomUuids(String id) {
        assertThatThrownBy(() -> ConnectionIds.requireUnguessable(id))
                .isInstanceOf(PredictableConnectionIdException.class)
                .hasMessage("The connection id must be a random (version 4) UUID, as Avatica's clients send, so that"
                        + " no other client can guess it");
    }
}
