package dev.sluice.gateway.tls;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.jspecify.annotations.Nullable;

/** The TLS key material or settings cannot be used; the message names the file and the reason. */
public final class TlsSetupException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public TlsSetupException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.INVALID_CONFIGURATION;
    }
}
