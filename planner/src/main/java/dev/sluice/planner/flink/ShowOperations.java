package dev.sluice.planner.flink;

import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.operations.AbstractShowOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.ShowTablesOperation;
import org.apache.flink.table.operations.ShowViewsOperation;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * Which catalog and database a {@code SHOW TABLES} or {@code SHOW VIEWS} lists: Flink keeps them in private fields,
 * and a statement without {@code FROM} lists the session's current ones.
 */
public final class ShowOperations {
    private ShowOperations() {}

    /** The database the operation lists tables or views of; empty for any other operation. */
    public static Optional<Scope> listedDatabase(Operation operation, CatalogManager catalogs) {
        if (!(operation instanceof ShowTablesOperation) && !(operation instanceof ShowViewsOperation)) {
            return Optional.empty();
        }
        String catalog = (String) read(AbstractShowOperation.class, "catalogName", operation);
        String database = (String) read(operation.getClass(), "databaseName", operation);
        return Optional.of(new Scope(
                catalog == null ? catalogs.getCurrentCatalog() : catalog,
                database == null ? catalogs.getCurrentDatabase() : database));
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

    /** A catalog and database. */
    public record Scope(String catalog, String database) {}
}
