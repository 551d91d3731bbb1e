package dev.sluice.planner.access;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;

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
}
