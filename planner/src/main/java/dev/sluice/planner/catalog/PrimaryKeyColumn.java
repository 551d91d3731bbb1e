package dev.sluice.planner.catalog;

import org.jspecify.annotations.Nullable;

import static java.util.Objects.requireNonNull;

/**
 * One column of a table's primary key, as {@code DatabaseMetaData.getPrimaryKeys} and {@code SHOW PRIMARY KEYS}
 * answer it.
 *
 * @param keySequence the column's position in the key, from 1
 * @param keyName the constraint's name, if it has one
 */
public record PrimaryKeyColumn(
        String catalog,
        String database,
        String table,
        String column,
        short keySequence,
        @Nullable String keyName) {
    public PrimaryKeyColumn {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
        requireNonNull(table, "table is null");
        requireNonNull(column, "column is null");
    }
}
