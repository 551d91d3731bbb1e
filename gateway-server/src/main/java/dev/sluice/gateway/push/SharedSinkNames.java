package dev.sluice.gateway.push;

/**
 * The name of a pushed query's sink in a job that may carry other queries too. Flink names a task after the operators
 * chained in it, so the name of the task that failed a job tells whose query it ran. The result's id, which is not
 * secret, makes the name unique among the job's queries.
 */
public final class SharedSinkNames {
    private SharedSinkNames() {}

    /** The sink's name for the result {@code resultId}. */
    public static String of(long resultId) {
        return "SluicePush (result " + resultId + ")";
    }

    /** Whether {@code taskName}, as Flink reports a task, runs the sink of the result {@code resultId}. */
    static boolean runs(String taskName, long resultId) {
        // the closing parenthesis keeps result 12 from matching result 123
        return taskName.contains(of(resultId));
    }
}
