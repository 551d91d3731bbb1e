package dev.sluice.planner.flink;

import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.operations.AbstractShowOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.ShowDatabasesOperation;
import org.apache.flink.table.operations.ShowTablesOperation;
import org.apache.flink.table.operations.ShowViewsOperation;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * What a {@code SHOW DATABASES}, {@code SHOW TABLES} or {@code SHOW VIEWS} lists: Flink keeps the catalog and database
 * in private fields, and a statement without {@code FROM} lists the session's current ones.
 */
public final class ShowOperations {
    private ShowOperations() {}

    /** The catalog or database the operation lists the databases, tables or views of; empty for any other. */
    public static Optional<Scope> listedScope(Operation operation, CatalogManager catalogs) {
        if (!(operation instanceof ShowTablesOperation)
                && !(operation instanceof ShowViewsOperation)
                && !(operation instanceof ShowDatabasesOperation)) {
            return Optional.empty();
        }
        String catalog = (String) read(AbstractShowOperation.class, "catalogName", operation);
        String listedCatalog = catalog == null ? catalogs.getCurrentCatalog() : catalog;
        if (operation instanceof ShowDatabasesOperation) {
            return Optional.of(new Scope(listedCatalog, null));
        }
        String database = (String) read(operation.getClass(), "databaseName", operation);
        return Optional.of(new Scope(listedCatalog, database == null ? catalogs.getCurrentDatabase() : database));
    }

    private static Object read(Class<?> owner, String name, Object target) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("This Flink's " + owner.getSimpleName() + " has no field " + name, e);
        }
    }

    /**
     * A catalog and database.
     *
     * @param database null where the statement lists the catalog's databases
     */
    public record Scope(String catalog, @Nullable String database) {}
}
