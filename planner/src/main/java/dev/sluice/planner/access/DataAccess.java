package dev.sluice.planner.access;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.jspecify.annotations.Nullable;

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
     * @param temporary whether it is a temporary table of the session, which no catalog holds
     */
    record TableUse(
            ObjectIdentifier table,
            Mode mode,
            Map<String, String> options,
            Map<String, String> hinted,
            boolean temporary)
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

    /**
     * A table, view or database of a catalog that a statement creates, alters or drops; temporary objects, which live
     * in the session only, are not listed.
     *
     * @param object the table or view; null when the database itself changes
     */
    record Change(String catalog, String database, @Nullable String object, ChangeKind kind) implements DataAccess {
        public Change {
            requireNonNull(catalog, "catalog is null");
            requireNonNull(database, "database is null");
            requireNonNull(kind, "kind is null");
        }

        static Change of(ObjectIdentifier object, ChangeKind kind) {
            return new Change(object.getCatalogName(), object.getDatabaseName(), object.getObjectName(), kind);
        }
    }

    enum ChangeKind {
        CREATE,
        ALTER,
        DROP
    }

    enum Mode {
        READ,
        WRITE
    }
}
