package dev.sluice.planner.cache;

import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.CatalogView;

import java.util.TreeMap;

/**
 * The definition of a table or view as a catalog gives it, as one comparable text: what Flink's planner reads of it.
 *
 * <p>Two lookups of an object give equal texts exactly when a plan made from one means what a plan made from the
 * other would: the kind, the columns with their types, watermarks and keys, the partition keys and distribution, the
 * options (connector, path, format, and for a Paimon table everything its schema sets), and a view's expanded query.
 * The catalog's own version counters (a Paimon schema id) move with these, so they would add nothing; the data does
 * not change the definition, and a reused plan reads the data as of its run.
 */
final class TableDefinitions {
    private TableDefinitions() {}

    /** The definition of {@code table}; equal for equal definitions. */
    static String of(CatalogBaseTable table) {
        StringBuilder text = new StringBuilder(256)
                .append(table.getTableKind())
                .append('|')
                .append(table.getUnresolvedSchema())
                .append('|')
                .append(new TreeMap<>(table.getOptions()));
        if (table instanceof CatalogView view) {
            text.append("|view:").append(view.getExpandedQuery());
        } else if (table instanceof CatalogTable catalogTable) {
            text.append("|partitioned by:")
                    .append(catalogTable.getPartitionKeys())
                    .append("|distribution:")
                    .append(catalogTable.getDistribution());
        } else {
            // a materialized table or a kind this Flink adds later: its class, so that a change of kind shows
            text.append('|').append(table.getClass().getName());
        }
        return text.toString();
    }
}
