package dev.sluice.retry;

import io.github.resilience4j.retry.Retry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ResultPollerTest {
    private static final CollectStrategy DOUBLING = CollectStrategy.exponentialDelay(
            new ExponentialDelayConfig(Duration.ofMillis(1), Duration.ofMillis(50), 2.0, Integer.MAX_VALUE));

    private final FakeTime time = new FakeTime();

    @AfterEach
    void clearInterruptFlag() {
        Thread.interrupted(); // a failed assertion must not leave the flag set for the next test
    }

    @Test
    void returnsAReadyFirstResultWithoutWaiting() {
        Polls polls = new Polls("rows");

        assertThat(poller(DOUBLING).poll(polls)).isEqualTo("rows");
        assertThat(polls.calls()).isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void pollsUntilReadyWaitingAsTheStrategySays() {
        Polls polls = new Polls("", "", "", "rows", "more rows");

        assertThat(poller(DOUBLING).poll(polls)).isEqualTo("rows");
        assertThat(polls.calls()).isEqualTo(4);
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(4));
    }

    @Test
    void returnsAResultThatIsReadyOnTheLastAllowedAttempt() {
        Polls polls = new Polls("", "", "rows");

        assertThat(poller(fixedDelay(100, 3)).poll(polls)).isEqualTo("rows");
        assertThat(polls.calls()).isEqualTo(3);
    }

    @Test
    void givesUpWhenTheAttemptsRunOut() {
        Polls polls = new Polls("", "", "", "", "", "rows").taking(Duration.ofMillis(160));

        assertThatThrownBy(() -> poller(fixedDelay(100, 5)).poll(polls))
                .isInstanceOfSatisfying(RetryExhaustedException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(5);
                    assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(5 * 160 + 4 * 100));
                })
                .hasMessage("Gave up after 5 attempts in 1.2 s: result not ready");
        assertThat(polls.calls()).isEqualTo(5);
        assertThat(time.sleeps()).hasSize(4);
    }

    @Test
    void givesUpAtOnceWhenOneAttemptIsAllowed() {
        Polls polls = new Polls("", "rows");

        assertThatThrownBy(() -> poller(fixedDelay(100, 1)).poll(polls))
                .isInstanceOf(RetryExhaustedException.class)
                .hasMessage("Gave up after 1 attempt in 0 ms: result not ready");
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void stopsAtTheDeadlineWithTheLastWaitShortened() {
        Polls polls = new Polls("", "", "", "", "", "rows");

        assertThatThrownBy(() -> poller(fixedDelay(100, Integer.MAX_VALUE)).poll(polls, Duration.ofMillis(250)))
                .isInstanceOfSatisfying(DeadlineExceededException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(4);
                    assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(250));
                    assertThat(e.deadline()).isEqualTo(Duration.ofMillis(250));
                })
                .hasMessage("Deadline of 250 ms exceeded after 4 attempts in 250 ms: result not ready");
        assertThat(time.sleeps())
                .containsExactly(Duration.ofMillis(100), Duration.ofMillis(100), Duration.ofMillis(50));
    }

    @Test
    void returnsAResultThatIsReadyAtTheDeadline() {
        Polls polls = new Polls("", "", "", "rows");

        assertThat(poller(fixedDelay(100, Integer.MAX_VALUE)).poll(polls, Duration.ofMillis(250)))
                .isEqualTo("rows");
    }

    @Test
    void countsTheTimeSpentInPollsAgainstTheDeadline() {
        Polls polls = new Polls("", "", "rows").taking(Duration.ofSeconds(1));

        assertThatThrownBy(() -> poller(DOUBLING).poll(polls, Duration.ofSeconds(1)))
                .isInstanceOf(DeadlineExceededException.class)
                .hasMessage("Deadline of 1 s exceeded after 1 attempt in 1.0 s: result not ready");
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void rejectsADeadlineThatIsNotPositive() {
        ResultPoller<String> poller = poller(DOUBLING);

        assertThatThrownBy(() -> poller.poll(new Polls("rows"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("deadline must be positive, was 0 ms");
    }

    @Test
    void stopsWhenInterruptedWhileWaitingAndKeepsTheInterruptFlag() {
        Polls polls = new Polls("", "", "", "rows");
        time.interruptSleep(2);

        assertThatThrownBy(() -> poller(fixedDelay(100, Integer.MAX_VALUE)).poll(polls))
                .isInstanceOfSatisfying(PollInterruptedException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(2);
                    assertThat(e.getCause()).isInstanceOf(InterruptedException.class);
                })
                .hasMessage("Interrupted after 2 attempts in 100 ms: result not ready");
        assertThat(Thread.interrupted()).isTrue();
        assertThat(polls.calls()).isEqualTo(2);
    }

    @Test
    void systemSleeperReturnsAtOnceOnAnInterruptedThread() {
        Polls polls = new Polls("", "rows");
        ResultPoller<String> poller = ResultPoller.create("result", fixedDelay(60_000, 3), String::isEmpty);
        Thread.currentThread().interrupt();

        // Thread.sleep throws at once when the flag is set, so this does not wait the minute
        assertThatThrownBy(() -> poller.poll(polls))
                .isInstanceOfSatisfying(
                        PollInterruptedException.class,
                        e -> assertThat(e.attempts()).isEqualTo(1));
        assertThat(Thread.interrupted()).isTrue();
        assertThat(polls.calls()).isEqualTo(1);
    }

    @Test
    void passesAFailedPollToTheCallerWithoutRetrying() {
        IllegalStateException failure = new IllegalStateException("job not found");
        ResultPoller<String> poller = poller(DOUBLING);

        assertThatThrownBy(() -> poller.poll(() -> {
                    throw failure;
                }))
                .isSameAs(failure);
        assertThat(time.sleeps()).isEmpty();
        assertThat(poller.retry().getMetrics().getNumberOfFailedCallsWithoutRetryAttempt())
                .isEqualTo(1);
    }

    @Test
    void feedsResilience4jMetricsAndEvents() {
        ResultPoller<String> poller = poller(fixedDelay(100, 2));
        List<String> events = new java.util.ArrayList<>();
        poller.retry()
                .getEventPublisher()
                .onEvent(event -> events.add(event.getEventType() + "#" + event.getNumberOfRetryAttempts()));

        poller.poll(new Polls("rows"));
        poller.poll(new Polls("", "rows"));
        assertThatThrownBy(() -> poller.poll(new Polls("", ""))).isInstanceOf(RetryExhaustedException.class);

        Retry.Metrics metrics = poller.retry().getMetrics();
        assertThat(metrics.getNumberOfSuccessfulCallsWithoutRetryAttempt()).isEqualTo(1);
        assertThat(metrics.getNumberOfSuccessfulCallsWithRetryAttempt()).isEqualTo(1);
        assertThat(metrics.getNumberOfFailedCallsWithRetryAttempt()).isEqualTo(1);
        assertThat(events).containsExactly("RETRY#1", "SUCCESS#1", "RETRY#1", "ERROR#2");
    }

    private ResultPoller<String> poller(CollectStrategy strategy) {
        return new ResultPoller<>("result", strategy, String::isEmpty, time, time);
    }

    private static CollectStrategy fixedDelay(long millis, int attempts) {
        return CollectStrategy.fixedDelay(new FixedDelayConfig(Duration.ofMillis(millis), attempts));
    }

    /** Answers polls from a script: an empty string is "not ready yet". */
    private final class Polls implements Supplier<String> {
        private final Deque<String> results;
        private Duration pollTime = Duration.ZERO;
        private int calls;

        Polls(String... results) {
            this.results = new ArrayDeque<>(Arrays.asList(results));
        }

        /** Each poll advances the fake clock by {@code duration}, as a REST call would take time. */
        Polls taking(Duration duration) {
            pollTime = duration;
            return this;
        }

        int calls() {
            return calls;
        }

        @Override
        public String get() {
            calls++;
            time.advance(pollTime);
            return results.removeFirst();
        }
    }
}
