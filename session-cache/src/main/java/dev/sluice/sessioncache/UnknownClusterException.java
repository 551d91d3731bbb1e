package dev.sluice.sessioncache;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.util.List;

/** A connection asked for a cluster that the gateway does not serve. */
public final class UnknownClusterException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    public UnknownClusterException(String name, List<String> known) {
        super("Unknown cluster '" + name + "'; this gateway serves " + known);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.UNKNOWN_CLUSTER;
    }
}
