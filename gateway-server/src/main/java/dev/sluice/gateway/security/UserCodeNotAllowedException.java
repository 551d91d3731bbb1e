package dev.sluice.gateway.security;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

/** A statement would load code from a jar outside the allowed locations; see {@link UserCodePolicy}. */
public final class UserCodeNotAllowedException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    UserCodeNotAllowedException(String action) {
        super(action + " is refused: code from a jar runs inside the gateway, so jars may only come from the"
                + " locations that " + UserCodeOptions.ALLOWED_LOCATIONS.key() + " allows");
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.USER_CODE_NOT_ALLOWED;
    }
}
