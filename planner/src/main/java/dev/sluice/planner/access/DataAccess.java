package dev.sluice.planner.access;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * One thing a statement would make the gateway or its cluster touch, as Flink's planner resolved it: a table or catalog
 * it declares, a table it reads or writes, a plan file. A data-access policy judges each before anything runs.
 */
public sealed interface DataAccess {
    /**
     * A table a statement creates or alters ({@code CREATE TABLE}, {@code CREATE TABLE ... AS}, {@code ALTER TABLE ...
     * SET}): its options as they would be stored.
     */
    record DeclaredTable(ObjectIdentifier table, Map<String, String> options) implements DataAccess {
        public DeclaredTable {
            requireNonNull(table, "table is null");
            options = Map.copyOf(options);
        }
    }

    /** A catalog a statement creates or alters ({@code CREATE CATALOG}, {@code ALTER CATALOG ... SET}). */
    record DeclaredCatalog(String name, Map<String, String> options) implements DataAccess {
        public DeclaredCatalog {
            requireNonNull(name, "name is null");
            options = Map.copyOf(options);
        }
    }

    /**
     * A table a statement reads or writes.
     *
     * @param options the options the job would use: the table's, with the statement's hints over them
     * @param hinted the options the statement itself set on the table ({@code /*+ OPTIONS(...) *}{@code /}), or that
     *     differ from the stored table's
     */
    record TableUse(ObjectIdentifier table, Mode mode, Map<String, String> options, Map<String, String> hinted)
            implements DataAccess {
        public TableUse {
            requireNonNull(table, "table is null");
            requireNonNull(mode, "mode is null");
            options = Map.copyOf(options);
            hinted = Map.copyOf(hinted);
        }
    }

    /** A file a statement writes a compiled plan to ({@code COMPILE PLAN}) or reads one from ({@code EXECUTE PLAN}). */
    record PlanFile(String path, Mode mode) implements DataAccess {
        public PlanFile {
            requireNonNull(path, "path is null");
            requireNonNull(mode, "mode is null");
        }
    }

    enum Mode {
        READ,
        WRITE
    }
}
