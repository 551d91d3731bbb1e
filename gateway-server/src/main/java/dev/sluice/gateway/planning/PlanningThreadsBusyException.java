package dev.sluice.gateway.planning;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * Every planning thread of the gateway is busy: as many statements plan or run as the gateway has RPC threads and
 * sessions (statements that passed their planning bound and plan on count too). The statement did not start.
 * SQLState {@code 53000}.
 */
public final class PlanningThreadsBusyException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    PlanningThreadsBusyException(int threads, Throwable cause) {
        super(
                "Every one of the gateway's " + threads + " planning threads is busy; the statement did not start,"
                        + " try again later",
                cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.PLANNING_THREADS_BUSY;
    }
}
