package dev.sluice.session;

import java.util.List;

/** A connection asked for a cluster that the gateway does not serve. */
public final class UnknownClusterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnknownClusterException(String name, List<String> known) {
        super("Unknown cluster '" + name + "'; this gateway serves " + known);
    }
}
