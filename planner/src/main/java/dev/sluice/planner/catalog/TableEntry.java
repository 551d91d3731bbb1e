package dev.sluice.planner.catalog;

import static java.util.Objects.requireNonNull;

/** A table or view of a Flink catalog, as {@code DatabaseMetaData.getTables} lists it. */
public record TableEntry(String catalog, String database, String name, TableType type) {
    /** The JDBC table types Sluice reports; temporary objects have the type of what they are. */
    public enum TableType {
        TABLE,
        VIEW;

        /** The name JDBC uses in {@code TABLE_TYPE}. */
        public String jdbcName() {
            return name();
        }
    }

    public TableEntry {
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }
}
