package dev.sluice.gateway.resultcache;

import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * The version of a Paimon table's data: its latest snapshot, read from the file system (past any cache of the
 * catalog's), with the time and committer that make a snapshot id unique even after a rollback reused it, and the
 * table's schema.
 *
 * <p>A batch query reads the latest snapshot when its job starts, so a result whose query started after the version
 * was read and ended before it changed holds exactly that snapshot's rows.
 */
final class PaimonSnapshots implements VersionSource {
    private final ObjectIdentifier table;
    private final FileStoreTable store;

    private PaimonSnapshots(ObjectIdentifier table, FileStoreTable store) {
        this.table = requireNonNull(table, "table is null");
        this.store = requireNonNull(store, "store is null");
    }

    /**
     * The snapshots of {@code table} in {@code catalog}; empty if it is a Paimon table whose data has no snapshots of
     * its own (a system table such as {@code orders$files}, a format table).
     *
     * @throws UnknownVersionException if the table cannot be loaded
     */
    static Optional<VersionSource> of(Catalog catalog, ObjectIdentifier table) {
        Table loaded;
        try {
            loaded = catalog.getTable(Identifier.create(table.getDatabaseName(), table.getObjectName()));
        } catch (Catalog.TableNotExistException e) {
            throw new UnknownVersionException("Paimon table " + table.asSummaryString() + " does not exist", e);
        } catch (RuntimeException e) {
            throw new UnknownVersionException("Paimon table " + table.asSummaryString() + " cannot be loaded", e);
        }
        return loaded instanceof FileStoreTable store
                ? Optional.of(new PaimonSnapshots(table, store))
                : Optional.empty();
    }

    @Override
    public String read() {
        Snapshot latest;
        try {
            latest = store.snapshotManager().latestSnapshotFromFileSystem();
        } catch (RuntimeException e) {
            throw new UnknownVersionException(
                    "the latest snapshot of Paimon table " + table.asSummaryString() + " cannot be read", e);
        }
        long schema = store.schema().id();
        if (latest == null) {
            return "paimon schema " + schema + ", no snapshot";
        }
        return "paimon schema " + schema + ", snapshot " + latest.id() + " of " + latest.timeMillis() + " by "
                + latest.commitUser() + "#" + latest.commitIdentifier();
    }
}
