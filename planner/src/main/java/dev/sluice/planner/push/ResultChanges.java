package dev.sluice.planner.push;

import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.operations.QueryOperation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What kinds of rows a query's result holds: only inserts, which a client can read as they arrive, or a changelog
 * (updates and deletes of rows sent before), which must be folded, or read as changes. A batch query's result is
 * always inserts; a streaming query's is what Flink's optimizer derives for the plan's last node.
 */
public enum ResultChanges {
    INSERT_ONLY,
    UPDATING;

    private static final Logger LOG = LoggerFactory.getLogger(ResultChanges.class);
    private static final String OPTIMIZED_PLAN = "== Optimized Physical Plan ==";
    private static final Pattern CHANGELOG_MODE = Pattern.compile("changelogMode=\\[([^\\]]*)\\]");

    /**
     * The changes of {@code query}'s result as {@code environment} would run it. In streaming mode this plans the query
     * once more (Flink tells a plan's changelog modes only in an explanation); a plan whose modes cannot be read is
     * taken as updating, which is never wrong, only slower to answer.
     */
    public static ResultChanges of(TableEnvironment environment, QueryOperation query) {
        if (environment.getConfig().get(ExecutionOptions.RUNTIME_MODE) != RuntimeExecutionMode.STREAMING) {
            return INSERT_ONLY;
        }
        String explanation = TableEnvironmentInternals.explainChangelogModes(environment, query);
        ResultChanges changes = fromExplanation(explanation);
        LOG.debug("A streaming query's result is {}", changes);
        return changes;
    }

    /**
     * The changes of the query {@code sql}, for a query that is not planned through a {@link PushQueryPlan} (the
     * collect path): parsed again to ask. A statement that is not a query is taken as updating.
     */
    public static ResultChanges ofQuery(TableEnvironment environment, String sql) {
        if (environment.getConfig().get(ExecutionOptions.RUNTIME_MODE) != RuntimeExecutionMode.STREAMING) {
            return INSERT_ONLY;
        }
        return TableEnvironmentInternals.parse(environment, sql) instanceof QueryOperation query
                ? of(environment, query)
                : UPDATING;
    }

    /** The changes of the root of the optimized plan in an {@code EXPLAIN CHANGELOG_MODE}'s text. */
    static ResultChanges fromExplanation(String explanation) {
        int plan = explanation.indexOf(OPTIMIZED_PLAN);
        if (plan < 0) {
            return UPDATING;
        }
        for (String line : explanation.substring(plan + OPTIMIZED_PLAN.length()).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Matcher mode = CHANGELOG_MODE.matcher(line);
            return mode.find() && mode.group(1).trim().equals("I") ? INSERT_ONLY : UPDATING;
        }
        return UPDATING;
    }
}
