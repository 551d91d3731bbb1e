package dev.sluice.gateway.security;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/**
 * A request's credentials were missing or wrong. The message says which method failed, never whether the user
 * exists, so that a client cannot find out user names by trying them.
 */
public final class AuthenticationException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    private final String method;

    AuthenticationException(String method, String message) {
        super("Authentication failed (" + method + "): " + message);
        this.method = method;
    }

    /** The method that failed, lower case ({@code password}, {@code certificate}), or {@code none} with no credentials. */
    public String method() {
        return method;
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.AUTHENTICATION_FAILED;
    }
}
