package dev.sluice.gateway.warmup;

import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.ObjectPath;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of a declared catalog that the warm-up reads: up to a bound, the default database's first, then the other
 * databases' in order of name, views left out.
 */
final class WarmUpTables {
    private static final Logger LOG = LoggerFactory.getLogger(WarmUpTables.class);

    private WarmUpTables() {}

    /**
     * A catalog's table: its database, its name quoted and qualified, and its physical columns' names with their types
     * as written, in order.
     */
    record Table(String database, String name, Map<String, String> columns) {
        Table {
            columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        }

        /** Its first column, quoted. */
        String firstColumn() {
            return quoted(columns.keySet().iterator().next());
        }
    }

    /** Up to {@code max} tables of {@code catalog}; empty if it has none, or is not declared. */
    static List<Table> of(TableEnvironment environment, String catalog, int max) {
        Optional<Catalog> found = environment.getCatalog(catalog);
        if (found.isEmpty()) {
            return List.of();
        }
        Catalog opened = found.get();
        List<String> databases = new ArrayList<>(opened.listDatabases());
        databases.sort(null);
        String defaultDatabase = opened.getDefaultDatabase();
        if (databases.remove(defaultDatabase)) {
            databases.add(0, defaultDatabase);
        }
        List<Table> tables = new ArrayList<>();
        for (String database : databases) {
            for (String table : tablesOf(opened, database)) {
                if (tables.size() == max) {
                    return tables;
                }
                Map<String, String> columns = columns(opened, database, table);
                if (!columns.isEmpty()) {
                    tables.add(new Table(
                            database, quoted(catalog) + "." + quoted(database) + "." + quoted(table), columns));
                }
            }
        }
        return tables;
    }

    private static List<String> tablesOf(Catalog catalog, String database) {
        try {
            List<String> tables = new ArrayList<>(catalog.listTables(database));
            tables.removeAll(catalog.listViews(database));
            tables.sort(null);
            return tables;
        } catch (Exception e) {
            // a database that cannot be listed has no table to warm up with; the warm-up goes on with the next
            LOG.debug("Warm-up: cannot list the tables of {}.{}", catalog, database, e);
            return List.of();
        }
    }

    private static Map<String, String> columns(Catalog catalog, String database, String table) {
        Map<String, String> columns = new LinkedHashMap<>();
        try {
            for (Schema.UnresolvedColumn column : catalog.getTable(new ObjectPath(database, table))
                    .getUnresolvedSchema()
                    .getColumns()) {
                if (column instanceof Schema.UnresolvedPhysicalColumn physical) {
                    columns.put(physical.getName(), physical.getDataType().toString());
                }
            }
        } catch (Exception e) {
            LOG.debug("Warm-up: cannot read the columns of {}.{}", database, table, e);
            return Map.of();
        }
        return columns;
    }

    static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
