package dev.sluice.planner.catalog;

import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.CatalogModel;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ModelChange;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.FunctionAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;
import org.apache.flink.table.catalog.exceptions.ModelAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.ModelNotExistException;
import org.apache.flink.table.catalog.exceptions.PartitionAlreadyExistsException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.PartitionSpecInvalidException;
import org.apache.flink.table.catalog.exceptions.ProcedureNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.catalog.exceptions.TablePartitionedException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FunctionDefinitionFactory;
import org.apache.flink.table.procedures.Procedure;

import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * A {@link Catalog} that hands every call to another: the base of a catalog that changes a few of Flink's catalog
 * calls and leaves the rest as they are ({@link ObservedCatalog}). Long only because Flink's interface is.
 */
abstract class ForwardingCatalog implements Catalog {
    private final Catalog delegate;

    ForwardingCatalog(Catalog delegate) {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    /** The catalog every call goes to. */
    protected final Catalog delegate() {
        return delegate;
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException, CatalogException {
        return delegate.getTable(path);
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path, long timestamp) throws TableNotExistException, CatalogException {
        return delegate.getTable(path, timestamp);
    }

    @Override
    public boolean tableExists(ObjectPath path) throws CatalogException {
        return delegate.tableExists(path);
    }

    @Override
    public CatalogModel getModel(ObjectPath path) throws ModelNotExistException, CatalogException {
        return delegate.getModel(path);
    }

    @Override
    public Optional<Factory> getFactory() {
        return delegate.getFactory();
    }

    @Override
    public Optional<FunctionDefinitionFactory> getFunctionDefinitionFactory() {
        return delegate.getFunctionDefinitionFactory();
    }

    @Override
    public void open() throws CatalogException {
        delegate.open();
    }

    @Override
    public void close() throws CatalogException {
        delegate.close();
    }

    @Override
    public String getDefaultDatabase() throws CatalogException {
        return delegate.getDefaultDatabase();
    }

    @Override
    public List<String> listDatabases() throws CatalogException {
        return delegate.listDatabases();
    }

    @Override
    public CatalogDatabase getDatabase(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.getDatabase(name);
    }

    @Override
    public boolean databaseExists(String name) throws CatalogException {
        return delegate.databaseExists(name);
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfMissing)
            throws DatabaseAlreadyExistException, CatalogException {
        delegate.createDatabase(name, database, ignoreIfMissing);
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfMissing)
            throws DatabaseNotExistException, DatabaseNotEmptyException, CatalogException {
        delegate.dropDatabase(name, ignoreIfMissing);
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfMissing, boolean cascade)
            throws DatabaseNotExistException, DatabaseNotEmptyException, CatalogException {
        delegate.dropDatabase(name, ignoreIfMissing, cascade);
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase database, boolean ignoreIfMissing)
            throws DatabaseNotExistException, CatalogException {
        delegate.alterDatabase(name, database, ignoreIfMissing);
    }

    @Override
    public List<String> listTables(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listTables(name);
    }

    @Override
    public List<String> listViews(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listViews(name);
    }

    @Override
    public List<String> listMaterializedTables(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listMaterializedTables(name);
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfMissing) throws TableNotExistException, CatalogException {
        delegate.dropTable(path, ignoreIfMissing);
    }

    @Override
    public void renameTable(ObjectPath path, String name, boolean ignoreIfMissing)
            throws TableNotExistException, TableAlreadyExistException, CatalogException {
        delegate.renameTable(path, name, ignoreIfMissing);
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfMissing)
            throws TableAlreadyExistException, DatabaseNotExistException, CatalogException {
        delegate.createTable(path, table, ignoreIfMissing);
    }

    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfMissing)
            throws TableNotExistException, CatalogException {
        delegate.alterTable(path, table, ignoreIfMissing);
    }

    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable table, List<TableChange> changes, boolean ignoreIfMissing)
            throws TableNotExistException, CatalogException {
        delegate.alterTable(path, table, changes, ignoreIfMissing);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException, CatalogException {
        return delegate.listPartitions(path);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path, CatalogPartitionSpec partition)
            throws TableNotExistException, TableNotPartitionedException, PartitionSpecInvalidException,
                    CatalogException {
        return delegate.listPartitions(path, partition);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitionsByFilter(ObjectPath path, List<Expression> changes)
            throws TableNotExistException, TableNotPartitionedException, CatalogException {
        return delegate.listPartitionsByFilter(path, changes);
    }

    @Override
    public CatalogPartition getPartition(ObjectPath path, CatalogPartitionSpec partition)
            throws PartitionNotExistException, CatalogException {
        return delegate.getPartition(path, partition);
    }

    @Override
    public boolean partitionExists(ObjectPath path, CatalogPartitionSpec partition) throws CatalogException {
        return delegate.partitionExists(path, partition);
    }

    @Override
    public void createPartition(
            ObjectPath path, CatalogPartitionSpec partition, CatalogPartition partitionValue, boolean ignoreIfMissing)
            throws TableNotExistException, TableNotPartitionedException, PartitionSpecInvalidException,
                    PartitionAlreadyExistsException, CatalogException {
        delegate.createPartition(path, partition, partitionValue, ignoreIfMissing);
    }

    @Override
    public void dropPartition(ObjectPath path, CatalogPartitionSpec partition, boolean ignoreIfMissing)
            throws PartitionNotExistException, CatalogException {
        delegate.dropPartition(path, partition, ignoreIfMissing);
    }

    @Override
    public void alterPartition(
            ObjectPath path, CatalogPartitionSpec partition, CatalogPartition partitionValue, boolean ignoreIfMissing)
            throws PartitionNotExistException, CatalogException {
        delegate.alterPartition(path, partition, partitionValue, ignoreIfMissing);
    }

    @Override
    public List<String> listFunctions(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listFunctions(name);
    }

    @Override
    public List<String> listProcedures(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listProcedures(name);
    }

    @Override
    public CatalogFunction getFunction(ObjectPath path) throws FunctionNotExistException, CatalogException {
        return delegate.getFunction(path);
    }

    @Override
    public Procedure getProcedure(ObjectPath path) throws ProcedureNotExistException, CatalogException {
        return delegate.getProcedure(path);
    }

    @Override
    public boolean functionExists(ObjectPath path) throws CatalogException {
        return delegate.functionExists(path);
    }

    @Override
    public void createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfMissing)
            throws FunctionAlreadyExistException, DatabaseNotExistException, CatalogException {
        delegate.createFunction(path, function, ignoreIfMissing);
    }

    @Override
    public void alterFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfMissing)
            throws FunctionNotExistException, CatalogException {
        delegate.alterFunction(path, function, ignoreIfMissing);
    }

    @Override
    public void dropFunction(ObjectPath path, boolean ignoreIfMissing)
            throws FunctionNotExistException, CatalogException {
        delegate.dropFunction(path, ignoreIfMissing);
    }

    @Override
    public CatalogTableStatistics getTableStatistics(ObjectPath path) throws TableNotExistException, CatalogException {
        return delegate.getTableStatistics(path);
    }

    @Override
    public CatalogColumnStatistics getTableColumnStatistics(ObjectPath path)
            throws TableNotExistException, CatalogException {
        return delegate.getTableColumnStatistics(path);
    }

    @Override
    public CatalogTableStatistics getPartitionStatistics(ObjectPath path, CatalogPartitionSpec partition)
            throws PartitionNotExistException, CatalogException {
        return delegate.getPartitionStatistics(path, partition);
    }

    @Override
    public List<CatalogTableStatistics> bulkGetPartitionStatistics(ObjectPath path, List<CatalogPartitionSpec> changes)
            throws PartitionNotExistException, CatalogException {
        return delegate.bulkGetPartitionStatistics(path, changes);
    }

    @Override
    public CatalogColumnStatistics getPartitionColumnStatistics(ObjectPath path, CatalogPartitionSpec partition)
            throws PartitionNotExistException, CatalogException {
        return delegate.getPartitionColumnStatistics(path, partition);
    }

    @Override
    public List<CatalogColumnStatistics> bulkGetPartitionColumnStatistics(
            ObjectPath path, List<CatalogPartitionSpec> changes) throws PartitionNotExistException, CatalogException {
        return delegate.bulkGetPartitionColumnStatistics(path, changes);
    }

    @Override
    public void alterTableStatistics(ObjectPath path, CatalogTableStatistics statistics, boolean ignoreIfMissing)
            throws TableNotExistException, CatalogException {
        delegate.alterTableStatistics(path, statistics, ignoreIfMissing);
    }

    @Override
    public void alterTableColumnStatistics(
            ObjectPath path, CatalogColumnStatistics columnStatistics, boolean ignoreIfMissing)
            throws TableNotExistException, CatalogException, TablePartitionedException {
        delegate.alterTableColumnStatistics(path, columnStatistics, ignoreIfMissing);
    }

    @Override
    public void alterPartitionStatistics(
            ObjectPath path, CatalogPartitionSpec partition, CatalogTableStatistics statistics, boolean ignoreIfMissing)
            throws PartitionNotExistException, CatalogException {
        delegate.alterPartitionStatistics(path, partition, statistics, ignoreIfMissing);
    }

    @Override
    public void alterPartitionColumnStatistics(
            ObjectPath path,
            CatalogPartitionSpec partition,
            CatalogColumnStatistics columnStatistics,
            boolean ignoreIfMissing)
            throws PartitionNotExistException, CatalogException {
        delegate.alterPartitionColumnStatistics(path, partition, columnStatistics, ignoreIfMissing);
    }

    @Override
    public List<String> listModels(String name) throws DatabaseNotExistException, CatalogException {
        return delegate.listModels(name);
    }

    @Override
    public boolean modelExists(ObjectPath path) throws CatalogException {
        return delegate.modelExists(path);
    }

    @Override
    public void dropModel(ObjectPath path, boolean ignoreIfMissing) throws ModelNotExistException, CatalogException {
        delegate.dropModel(path, ignoreIfMissing);
    }

    @Override
    public void renameModel(ObjectPath path, String name, boolean ignoreIfMissing)
            throws ModelNotExistException, ModelAlreadyExistException, CatalogException {
        delegate.renameModel(path, name, ignoreIfMissing);
    }

    @Override
    public void createModel(ObjectPath path, CatalogModel model, boolean ignoreIfMissing)
            throws ModelAlreadyExistException, DatabaseNotExistException, CatalogException {
        delegate.createModel(path, model, ignoreIfMissing);
    }

    @Override
    public void alterModel(ObjectPath path, CatalogModel model, boolean ignoreIfMissing)
            throws ModelNotExistException, CatalogException {
        delegate.alterModel(path, model, ignoreIfMissing);
    }

    @Override
    public void alterModel(ObjectPath path, CatalogModel model, List<ModelChange> changes, boolean ignoreIfMissing)
            throws ModelNotExistException, CatalogException {
        delegate.alterModel(path, model, changes, ignoreIfMissing);
    }
}
