package dev.sluice.gateway.warmup;

import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.ObjectPath;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tables of a declared catalog that the warm-up reads: up to a bound, the default database's first, then the other
 * databases' in order of name, views left out.
 */
final class WarmUpTables {
    private static final Logger LOG = LoggerFactory.getLogger(WarmUpTables.class);

    private WarmUpTables() {}

    /** A catalog's table, quoted and qualified, and its first column, quoted. */
    record Table(String name, String firstColumn) {}

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
                Optional<String> column = firstColumn(opened, database, table);
                if (column.isPresent()) {
                    tables.add(new Table(
                            quoted(catalog) + "." + quoted(database) + "." + quoted(table), quoted(column.get())));
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

    private static Optional<String> firstColumn(Catalog catalog, String database, String table) {
        try {
            return catalog.getTable(new ObjectPath(database, table)).getUnresolvedSchema().getColumns().stream()
                    .map(Schema.UnresolvedColumn::getName)
                    .findFirst();
        } catch (Exception e) {
            LOG.debug("Warm-up: cannot read the columns of {}.{}", database, table, e);
            return Optional.empty();
        }
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
