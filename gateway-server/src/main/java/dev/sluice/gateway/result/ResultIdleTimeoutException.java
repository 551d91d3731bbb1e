package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.SessionOptions;

import java.time.Duration;

/** A fetch from a result that the gateway closed because its client had stopped reading it. */
public final class ResultIdleTimeoutException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    ResultIdleTimeoutException(int statementId, Duration idleTimeout) {
        super("The result of statement " + statementId
                + " was closed and its job cancelled because it was not read for " + idleTimeout.toMillis() + " ms ("
                + SessionOptions.RESULT_IDLE_TIMEOUT.key() + ")");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.RESULT_IDLE_TIMEOUT;
    }
}
