package dev.sluice.planner.access;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;
import java.util.function.Consumer;

/**
 * Judges what a statement would touch before Flink runs it; refuses by throwing. Called on the session's planning
 * thread, after Flink parsed and validated the statement and before it executes anything.
 */
@FunctionalInterface
public interface AccessCheck {
    /** Allows everything: for code that runs the gateway's own statements, and for tests of other concerns. */
    AccessCheck NONE = accesses -> {};

    /** @throws RuntimeException (a {@code SluiceError}) if the statement may not touch one of {@code accesses} */
    void check(List<DataAccess> accesses);

    /** Whether {@code SHOW TABLES} and {@code SHOW VIEWS} list {@code table} to the session; all by default. */
    default boolean mayList(ObjectIdentifier table) {
        return true;
    }

    /** Whether {@code SHOW DATABASES} lists {@code database} of {@code catalog} to the session; all by default. */
    default boolean mayListDatabase(String catalog, String database) {
        return true;
    }

    /**
     * This check, which also hands {@code observer} every list of accesses it let pass: for those that must know what a
     * statement touched (a plan kept for later runs, results that a write makes stale). Listing is judged as before.
     */
    default AccessCheck thenObserve(Consumer<List<DataAccess>> observer) {
        AccessCheck check = this;
        return new AccessCheck() {
            @Override
            public void check(List<DataAccess> accesses) {
                check.check(accesses);
                observer.accept(accesses);
            }

            @Override
            public boolean mayList(ObjectIdentifier table) {
                return check.mayList(table);
            }

            @Override
            public boolean mayListDatabase(String catalog, String database) {
                return check.mayListDatabase(catalog, database);
            }
        };
    }
}
