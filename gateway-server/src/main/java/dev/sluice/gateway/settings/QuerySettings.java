package dev.sluice.gateway.settings;

import dev.sluice.gateway.config.ResultMode;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.jobs.CollectResultReader;
import dev.sluice.jobs.JobEndWait;
import dev.sluice.planner.cache.PlanCacheOptions;
import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.ResultPoller;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The Sluice settings a session's queries run with: how they wait on the cluster (the collect strategy,
 * {@code collect-strategy.*}, and {@code sluice.query.timeout}) and whether they may reuse plans
 * ({@code sluice.plan-cache.enabled}) and results ({@code sluice.result-cache.enabled}); read from the session's
 * options, which {@code SET} changes per session.
 *
 * @param timeout zero for no limit
 * @param planCacheEnabled whether the session lets its queries reuse plans (the gateway may still not)
 * @param resultCacheEnabled whether the session lets its queries be answered from cached results, and keep theirs
 *     (the gateway may still not)
 */
public record QuerySettings(
        CollectStrategy strategy,
        Duration timeout,
        ResultPoller<CollectResultReader.Progress> resultPoller,
        JobEndWait jobEndWait,
        boolean planCacheEnabled,
        boolean resultCacheEnabled,
        ResultMode resultMode) {
    public QuerySettings {
        requireNonNull(strategy, "strategy is null");
        requireNonNull(timeout, "timeout is null");
        requireNonNull(resultPoller, "resultPoller is null");
        requireNonNull(jobEndWait, "jobEndWait is null");
        requireNonNull(resultMode, "resultMode is null");
    }

    /**
     * Reads the settings from {@code options}, keeping {@code previous}'s pollers when the strategy is unchanged.
     *
     * @throws InvalidOptionValueException naming every bad value
     */
    static QuerySettings of(ReadableConfig options, @Nullable QuerySettings previous) {
        CollectStrategy strategy;
        try {
            strategy = CollectStrategy.from(options);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(e.getMessage());
        }
        Duration timeout;
        try {
            timeout = options.get(SessionOptions.QUERY_TIMEOUT);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(SessionOptions.QUERY_TIMEOUT.key() + " must be a duration such as"
                    + " '30 s' or '0 ms' (no limit): " + e.getMessage());
        }
        if (timeout.isNegative()) {
            throw new InvalidOptionValueException(
                    SessionOptions.QUERY_TIMEOUT.key() + " must not be negative (0 means no limit), was " + timeout);
        }
        boolean planCacheEnabled;
        try {
            planCacheEnabled = options.get(PlanCacheOptions.ENABLED);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(
                    PlanCacheOptions.ENABLED.key() + " must be true or false: " + e.getMessage());
        }
        boolean resultCacheEnabled;
        try {
            // the gateway's own switch is the cache's; a session only turns it off for itself
            resultCacheEnabled = options.getOptional(ResultCacheOptions.ENABLED).orElse(true);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(
                    ResultCacheOptions.ENABLED.key() + " must be true or false: " + e.getMessage());
        }
        ResultMode resultMode;
        try {
            resultMode = options.get(SessionOptions.RESULT_MODE);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(
                    SessionOptions.RESULT_MODE.key() + " must be TABLE or CHANGELOG: " + e.getMessage());
        }
        if (previous != null && previous.strategy.equals(strategy)) {
            return new QuerySettings(
                    strategy,
                    timeout,
                    previous.resultPoller,
                    previous.jobEndWait,
                    planCacheEnabled,
                    resultCacheEnabled,
                    resultMode);
        }
        return new QuerySettings(
                strategy,
                timeout,
                CollectResultReader.poller(strategy),
                new JobEndWait(strategy),
                planCacheEnabled,
                resultCacheEnabled,
                resultMode);
    }
}
