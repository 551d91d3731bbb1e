package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.SessionOptions;

/** A streaming-mode result with updates grew past what the gateway materializes. */
public final class ResultTooLargeException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    ResultTooLargeException(int limit) {
        super("Streaming result with updates has more than " + limit + " rows, the limit set by "
                + SessionOptions.MAX_MATERIALIZED_ROWS.key() + "; run the query in batch mode"
                + " (SET 'execution.runtime-mode' = 'batch') or raise the limit");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.RESULT_TOO_LARGE;
    }
}
