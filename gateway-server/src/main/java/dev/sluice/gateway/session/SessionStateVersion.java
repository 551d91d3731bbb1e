package dev.sluice.gateway.session;

import dev.sluice.planner.PlannedStatement;
import org.jspecify.annotations.Nullable;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * How far a session's state has moved: a version bumped by every statement that may change catalogs, the current
 * catalog or database, or options (DDL, {@code USE}, {@code SET}, {@code RESET}, unclassified), against which caches of
 * catalog answers and plans compare; and whether a statement may have created an object of the session's own, after
 * which the session shares no plan with others.
 */
final class SessionStateVersion {
    private final AtomicLong version = new AtomicLong();
    private final Runnable onChange;
    // written under the session's execution lock, read by any thread
    private volatile boolean createdObjects;
    // where the session was when last asked, and at which version: read again only after a statement moved it
    private volatile @Nullable CurrentNamespace namespace;

    /** @param onChange runs after every bump, for what the old version made stale (the session's cached plans) */
    SessionStateVersion(Runnable onChange) {
        this.onChange = onChange;
    }

    long current() {
        return version.get();
    }

    boolean createdObjects() {
        return createdObjects;
    }

    /** The session's current catalog and database: as last read if no statement ran since, else {@code read} now. */
    CurrentNamespace namespace(Supplier<CurrentNamespace> read) {
        CurrentNamespace known = namespace;
        if (known != null && known.stateVersion() == version.get()) {
            return known;
        }
        CurrentNamespace current = read.get();
        namespace = current;
        return current;
    }

    /** Records that {@code planned} ran, whether or not it succeeded: a failed DDL may have changed a catalog too. */
    void ran(PlannedStatement planned) {
        if (planned.kind().changesSessionState()) {
            version.incrementAndGet();
            onChange.run();
        }
        if (StatementEffects.mayCreateObjects(planned)) {
            createdObjects = true;
        }
    }
}
