package dev.sluice.gateway.planning;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PlanningPhaseTest {
    private final ManualPlanningTimer timer = new ManualPlanningTimer();
    private final PlanningPhase phase = new PlanningPhase(7, Duration.ofSeconds(30), timer);

    @Test
    void theBoundCountsFromTheStartOfPlanningNotFromTheWaitForTheSession() {
        assertThat(timer.pending()).isEmpty();
        phase.begin();
        assertThat(timer.pending()).containsExactly(Duration.ofSeconds(30));
    }

    @Test
    void aPlanningPastItsBoundIsGivenUpAndItsJobRefused() {
        phase.begin();
        timer.passBounds();

        assertThat(phase.isGivenUp()).isTrue();
        assertThat(phase.givenUp()).isDone();
        assertThatThrownBy(phase::end)
                .isInstanceOf(PlanningTimeoutException.class)
                .hasMessage(
                        "Planning took longer than sluice.query.max-planning-time (30 s); the statement runs no job")
                .satisfies(e -> assertThat(((SluiceError) e).errorCode()).isEqualTo(SluiceErrorCode.PLANNING_TIMEOUT));
        assertThatThrownBy(phase::checkStillWanted).isInstanceOf(PlanningTimeoutException.class);
        assertThatThrownBy(phase::complete).isInstanceOf(PlanningTimeoutException.class);
    }

    @Test
    void aPlanningThatEndedIsNeverTimedOut() {
        phase.begin();
        phase.end();
        assertThat(timer.pending()).as("the bound no longer applies").isEmpty();
        timer.passBounds();

        assertThat(phase.isGivenUp()).isFalse();
        phase.end(); // again, as a query that runs on its own after its shared job failed does
        phase.complete();
    }

    @Test
    void aStatementThatRunsNoJobIsPlanningUntilItCompletes() {
        phase.begin();
        phase.complete();
        timer.passBounds();

        assertThat(phase.isGivenUp()).isFalse();
        assertThat(phase.cancel()).as("nothing left to cancel").isFalse();
    }

    @Test
    void aCancelWhilePlanningGivesItUp() {
        phase.begin();

        assertThat(phase.cancel()).isTrue();
        assertThat(phase.givenUp()).isDone();
        assertThatThrownBy(phase::end)
                .isInstanceOf(PlanningCanceledException.class)
                .hasMessage("Statement 7 was canceled before its planning ended; it runs no job")
                .satisfies(
                        e -> assertThat(((SluiceError) e).errorCode()).isEqualTo(SluiceErrorCode.STATEMENT_CANCELED));
        timer.passBounds();
        assertThatThrownBy(phase::end).as("still cancelled").isInstanceOf(PlanningCanceledException.class);
    }

    @Test
    void aStatementCancelledWhileItWaitsForItsSessionDoesNotStart() {
        assertThat(phase.cancel()).isTrue();

        assertThatThrownBy(phase::begin).isInstanceOf(PlanningCanceledException.class);
        assertThat(timer.pending()).isEmpty();
    }

    @Test
    void aCancelPastPlanningIsLeftToTheStatementsJob() {
        phase.begin();
        phase.end();

        assertThat(phase.cancel()).isFalse();
        assertThat(phase.isGivenUp()).isFalse();
        assertThat(phase.givenUp()).isNotDone();
    }

    @Test
    void theSessionNamesTheStatementThatStillPlansAndWhy() {
        phase.begin();
        timer.passBounds();
        assertThat(phase.stillPlanning())
                .hasMessage("The session is still planning statement 7, which passed sluice.query.max-planning-time"
                        + " (30 s) and runs no job; try again when it ends, or use another connection")
                .satisfies(e -> assertThat(e.errorCode()).isEqualTo(SluiceErrorCode.SESSION_STILL_PLANNING));

        PlanningPhase cancelled = new PlanningPhase(8, Duration.ofSeconds(30), timer);
        cancelled.begin();
        cancelled.cancel();
        assertThat(cancelled.stillPlanning())
                .hasMessage("The session is still planning statement 8, which was canceled and runs no job; try again"
                        + " when it ends, or use another connection");
    }

    @Test
    void finishingStopsTheBoundAndKeepsAGivenUpPlanningGivenUp() {
        phase.begin();
        phase.finish();
        assertThat(timer.pending()).isEmpty();

        PlanningPhase timedOut = new PlanningPhase(9, Duration.ofSeconds(30), timer);
        timedOut.begin();
        timer.passBounds();
        timedOut.finish();
        assertThat(timedOut.isGivenUp()).isTrue();
    }
}
