package dev.sluice.gateway;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class CloseableStackTest {
    private final List<String> closed = new ArrayList<>();

    @Test
    void closesNewestFirst() throws Exception {
        CloseableStack stack = new CloseableStack();
        stack.push("cluster", () -> closed.add("cluster"));
        stack.push("sessions", () -> closed.add("sessions"));
        stack.push("http", () -> closed.add("http"));

        stack.close();

        assertThat(closed).containsExactly("http", "sessions", "cluster");
    }

    @Test
    void closesEveryResourceWhenOneFailsAndThrowsTheFirstFailureWithTheRestSuppressed() {
        CloseableStack stack = new CloseableStack();
        stack.push("cluster", () -> closed.add("cluster"));
        stack.push("clients", () -> {
            throw new IOException("clients");
        });
        stack.push("sessions", () -> {
            throw new IllegalStateException("sessions");
        });

        assertThatThrownBy(stack::close)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("sessions")
                .satisfies(e -> assertThat(e.getSuppressed())
                        .singleElement()
                        .satisfies(s -> assertThat(s).hasMessage("clients")));
        assertThat(closed).containsExactly("cluster");
    }

    @Test
    void closesOnce() throws Exception {
        CloseableStack stack = new CloseableStack();
        stack.push("cluster", () -> closed.add("cluster"));

        stack.close();
        stack.close();

        assertThat(closed).containsExactly("cluster");
    }

    @Test
    void keepsTheStartFailureAndSuppressesCloseFailuresInIt() {
        CloseableStack stack = new CloseableStack();
        stack.push("cluster", () -> closed.add("cluster"));
        stack.push("clients", () -> {
            throw new IOException("clients");
        });
        Exception startFailure = new IllegalStateException("the HTTP endpoint did not start");

        stack.closeAfter(startFailure);

        assertThat(closed).containsExactly("cluster");
        assertThat(startFailure.getSuppressed())
                .singleElement()
                .satisfies(s -> assertThat(s).hasMessage("clients"));
    }
}
