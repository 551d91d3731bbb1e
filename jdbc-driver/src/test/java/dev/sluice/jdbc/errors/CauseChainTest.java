package dev.sluice.jdbc.errors;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

final class CauseChainTest {
    @Test
    void listsTheFailureAndItsCausesOutermostFirst() {
        IOException root = new IOException("refused");
        RuntimeException middle = new RuntimeException("connect", root);
        IllegalStateException outer = new IllegalStateException("send", middle);

        assertThat(CauseChain.of(outer)).containsExactly(outer, middle, root);
        assertThat(CauseChain.root(outer)).isSameAs(root);
    }

    @Test
    void aCycleOfCausesEndsAtTheFirstRepeat() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        assertThat(CauseChain.of(first)).containsExactly(first, second);
        assertThat(CauseChain.root(first)).isSameAs(second);
    }
}
