package dev.sluice.gateway.planning;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.retry.TimeFormat;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * The session still plans a statement that nobody waits for (its planning passed its bound, or it was cancelled):
 * Flink's planner cannot be stopped, and the session's TableEnvironment is not thread-safe, so the session takes no
 * other statement until that planning has ended on its own. Refused at once rather than left to wait, possibly for
 * minutes. SQLState {@code 53000}: retrying later, or on another connection, succeeds.
 */
public final class SessionStillPlanningException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    /** @param bound the planning bound it passed; null if it was cancelled */
    SessionStillPlanningException(int statementId, @Nullable Duration bound) {
        super("The session is still planning statement " + statementId + ", which "
                + (bound == null
                        ? "was canceled"
                        : "passed " + PlanningOptions.MAX_PLANNING_TIME.key() + " (" + TimeFormat.duration(bound) + ")")
                + " and runs no job; try again when it ends, or use another connection");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.SESSION_STILL_PLANNING;
    }
}
