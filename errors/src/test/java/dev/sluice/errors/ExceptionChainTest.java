package dev.sluice.errors;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

final class ExceptionChainTest {
    @Test
    void listsTheFailureThenItsCausesOutermostFirst() {
        IOException root = new IOException("root");
        IllegalStateException middle = new IllegalStateException("middle", root);
        RuntimeException top = new RuntimeException("top", middle);

        assertThat(ExceptionChain.of(top)).containsExactly(top, middle, root);
        assertThat(ExceptionChain.root(top)).isSameAs(root);
    }

    @Test
    void stopsAtACauseCycle() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        assertThat(ExceptionChain.of(first)).containsExactly(first, second);
    }
}
