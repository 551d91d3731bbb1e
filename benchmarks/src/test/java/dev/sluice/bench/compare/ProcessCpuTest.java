package dev.sluice.bench.compare;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

final class ProcessCpuTest {
    @Test
    void parsesUserAndSystemTicksAfterACommandNameWithSpaces() {
        String stat = "4242 (C2 CompilerThre) S 1 4242 4242 0 -1 4194368 10 0 0 0 150 25 0 0 20 0 40 0 100 0 0";

        assertThat(ProcessCpu.parse(stat)).isEqualTo(Duration.ofMillis(1750));
    }

    @Test
    void knowsTheJitCompilerThreadsByTheirTruncatedNames() {
        assertThat(ProcessCpu.isJitCompiler("C2 CompilerThre")).isTrue();
        assertThat(ProcessCpu.isJitCompiler("C1 CompilerThre")).isTrue();
        assertThat(ProcessCpu.isJitCompiler("flink-pekko.act")).isFalse();
        assertThat(ProcessCpu.isJitCompiler("GC Thread#0")).isFalse();
    }

    @Test
    void thisJvmsJitThreadsHaveUsedPartOfItsCpu() {
        ProcessCpu.Sample sample = ProcessCpu.of(ProcessHandle.current().pid());

        // the test JVM compiled at least JUnit's and AssertJ's hot paths by now
        assertThat(sample.jit()).isPositive().isLessThanOrEqualTo(sample.total());
        assertThat(sample.withoutJit()).isEqualTo(sample.total().minus(sample.jit()));
    }

    @Test
    void aCompilerThreadThatEndedDoesNotMakeTheJitPartNegative() {
        ProcessCpu.Sample before = new ProcessCpu.Sample(Duration.ofMillis(1000), Duration.ofMillis(400));
        ProcessCpu.Sample after = new ProcessCpu.Sample(Duration.ofMillis(1500), Duration.ofMillis(300));

        ProcessCpu.Sample used = after.minus(before);

        assertThat(used.total()).isEqualTo(Duration.ofMillis(500));
        assertThat(used.jit()).isZero();
        assertThat(used.withoutJit()).isEqualTo(Duration.ofMillis(500));
    }
}
