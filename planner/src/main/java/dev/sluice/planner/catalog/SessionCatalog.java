package dev.sluice.planner.catalog;

import dev.sluice.planner.MetadataPattern;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Reads one session's catalogs: Flink's catalog manager knows the catalogs, their databases, and tables and views
 * both permanent and temporary. Must run while the session's TableEnvironment is not in use by another thread.
 */
public final class SessionCatalog {
    private final CatalogManager catalogManager;

    private SessionCatalog(CatalogManager catalogManager) {
        this.catalogManager = catalogManager;
    }

    public static SessionCatalog of(TableEnvironment environment) {
        requireNonNull(environment, "environment is null");
        return new SessionCatalog(TableEnvironmentInternals.catalogManager(environment));
    }

    /** Catalog names, sorted. */
    public List<String> catalogs() {
        return catalogManager.listCatalogs().stream().sorted().toList();
    }

    /**
     * Databases (JDBC schemas) as catalog and database name, sorted.
     *
     * @param catalog a catalog name, or null for every catalog (JDBC's "do not narrow")
     */
    public List<List<String>> databases(@Nullable String catalog, MetadataPattern databasePattern) {
        List<List<String>> databases = new ArrayList<>();
        for (String catalogName : matchingCatalogs(catalog)) {
            for (String database : catalogManager.listSchemas(catalogName)) {
                if (databasePattern.matches(database)) {
                    databases.add(List.of(catalogName, database));
                }
            }
        }
        databases.sort(Comparator.<List<String>, String>comparing(entry -> entry.get(0))
                .thenComparing(entry -> entry.get(1)));
        return databases;
    }

    /** Tables and views whose database and name match, in JDBC's order (type, catalog, database, name). */
    public List<TableEntry> tables(
            @Nullable String catalog, MetadataPattern databasePattern, MetadataPattern tablePattern) {
        List<TableEntry> tables = new ArrayList<>();
        for (List<String> database : databases(catalog, databasePattern)) {
            String catalogName = database.get(0);
            String databaseName = database.get(1);
            Set<String> views = catalogManager.listViews(catalogName, databaseName);
            for (String table : catalogManager.listTables(catalogName, databaseName)) {
                if (tablePattern.matches(table)) {
                    TableEntry.TableType type =
                            views.contains(table) ? TableEntry.TableType.VIEW : TableEntry.TableType.TABLE;
                    tables.add(new TableEntry(catalogName, databaseName, table, type));
                }
            }
        }
        tables.sort(Comparator.comparing(TableEntry::type)
                .thenComparing(TableEntry::catalog)
                .thenComparing(TableEntry::database)
                .thenComparing(TableEntry::name));
        return tables;
    }

    /** The resolved schema of a table or view; empty if it does not exist (any more). */
    public Optional<ResolvedSchema> schema(TableEntry table) {
        ObjectIdentifier id = ObjectIdentifier.of(table.catalog(), table.database(), table.name());
        return catalogManager.getTable(id).map(ContextResolvedTable::getResolvedSchema);
    }

    /**
     * The primary-key columns of the tables named exactly {@code table} (in {@code database} and {@code catalog}, each
     * null for any), ordered by column name as JDBC orders them.
     */
    public List<PrimaryKeyColumn> primaryKeys(@Nullable String catalog, @Nullable String database, String table) {
        List<PrimaryKeyColumn> columns = new ArrayList<>();
        for (TableEntry entry : tables(catalog, exactly(database), exactly(table))) {
            UniqueConstraint key =
                    schema(entry).flatMap(ResolvedSchema::getPrimaryKey).orElse(null);
            if (key == null) {
                continue;
            }
            List<String> keyColumns = key.getColumns();
            for (int i = 0; i < keyColumns.size(); i++) {
                columns.add(new PrimaryKeyColumn(
                        entry.catalog(),
                        entry.database(),
                        entry.name(),
                        keyColumns.get(i),
                        (short) (i + 1),
                        key.getName()));
            }
        }
        columns.sort(Comparator.comparing(PrimaryKeyColumn::column));
        return columns;
    }

    /** A pattern that matches exactly {@code name} (null: anything), for calls that take names. */
    private static MetadataPattern exactly(@Nullable String name) {
        if (name == null) {
            return MetadataPattern.compile(null);
        }
        StringBuilder escaped = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (c == '%' || c == '_' || c == MetadataPattern.ESCAPE) {
                escaped.append(MetadataPattern.ESCAPE);
            }
            escaped.append(c);
        }
        return MetadataPattern.compile(escaped.toString());
    }

    private List<String> matchingCatalogs(@Nullable String catalog) {
        if (catalog == null) {
            return catalogs();
        }
        // JDBC: "" means objects without a catalog, and every Flink object has one
        return catalogManager.listCatalogs().contains(catalog) ? List.of(catalog) : List.of();
    }
}
