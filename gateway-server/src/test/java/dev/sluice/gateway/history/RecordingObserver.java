package dev.sluice.gateway.history;

import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Writes down what a session tells its observer, one line per call. */
public final class RecordingObserver implements QueryObserver {
    public final List<String> calls = new ArrayList<>();

    @Override
    public void executed(String cluster, StatementKind kind, long executeNanos, boolean succeeded) {
        calls.add("executed " + cluster + " " + kind + " " + executeNanos + " ns" + (succeeded ? "" : " failed"));
    }

    @Override
    public void started(String cluster, StatementKind kind) {
        calls.add("started " + cluster + " " + kind);
    }

    @Override
    public void finished(String cluster, StatementKind kind, QueryOutcome outcome, QueryPhases phases) {
        calls.add("finished " + cluster + " " + outcome.label() + " "
                + phases.durations().keySet());
    }

    @Override
    public void jobLived(String cluster, QueryOutcome outcome, Duration lifetime, Duration beyondJob) {
        calls.add("job lived " + cluster + " " + outcome.label() + " " + lifetime.toMillis() + " ms, beyond it "
                + beyondJob.toMillis() + " ms");
    }

    @Override
    public void planned(String cluster, PlanKind plan, PlanCacheResult cacheResult, long planNanos) {
        calls.add("planned " + cluster + " " + plan + " " + cacheResult + " " + planNanos + " ns");
    }
}
