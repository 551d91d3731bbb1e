package dev.sluice.jdbc.errors;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * The causal chain of an exception, safe against cause cycles (A caused by B caused by A), for the driver's own reading
 * of failures. The gateway's modules share {@code dev.sluice.errors.ExceptionChain}; the driver depends on no module
 * of the server, so it keeps these few lines itself.
 */
public final class CauseChain {
    private CauseChain() {}

    /** {@code failure} followed by its causes, outermost first, each once. */
    public static List<Throwable> of(Throwable failure) {
        requireNonNull(failure, "failure is null");
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }

    /** The innermost cause. */
    public static Throwable root(Throwable failure) {
        List<Throwable> chain = of(failure);
        return chain.get(chain.size() - 1);
    }
}
