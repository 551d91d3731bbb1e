package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.config.SessionOptions;
import org.apache.flink.configuration.MemorySize;

/** A streaming-mode result with updates grew past what the gateway materializes. */
public final class ResultTooLargeException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;
    private static final String WAYS_OUT = "; read its changes as they arrive (SET '" + SessionOptions.RESULT_MODE.key()
            + "' = 'CHANGELOG'), run the query in batch mode (SET 'execution.runtime-mode' = 'batch') or raise the limit";

    private ResultTooLargeException(String message) {
        super(message);
    }

    static ResultTooLargeException rows(int limit) {
        return new ResultTooLargeException("Streaming result with updates has more than " + limit
                + " rows, the limit set by " + SessionOptions.MAX_MATERIALIZED_ROWS.key() + WAYS_OUT);
    }

    static ResultTooLargeException bytes(long limit) {
        return new ResultTooLargeException("Streaming result with updates holds more than " + new MemorySize(limit)
                + " in the gateway, the limit set by " + SessionOptions.MAX_MATERIALIZED_BYTES.key() + WAYS_OUT);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.RESULT_TOO_LARGE;
    }
}
