package dev.sluice.planner.cache;

import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ObjectPath;
import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * What the planning of a statement looked up in catalogs that others may change ({@link ObservedCatalog}): each table
 * and view with its definition, or the absence of one. A plan is reused only while every one of them is still what it
 * was, looked up again through the session that wants the plan; a session whose temporary table hides one of them
 * takes nothing.
 *
 * @param objects each object looked up, with its {@link TableDefinitions definition}, or null where nothing was found
 */
record PlanDependencies(Map<ObjectIdentifier, @Nullable String> objects, Map<String, ObservedCatalog> catalogs) {
    static final PlanDependencies NONE = new PlanDependencies(Map.of(), Map.of());

    PlanDependencies {
        requireNonNull(objects, "objects is null");
        catalogs = Map.copyOf(catalogs);
    }

    /** Whether the plan read no object of an observed catalog. */
    boolean isEmpty() {
        return objects.isEmpty();
    }

    /**
     * Why the plan made with these lookups must not run on {@code environment} now, or empty if it may: a catalog
     * that is not the same declaration's, an object whose definition changed, appeared or went, or a temporary object
     * of the session that now hides one. Looks each object up again, through the session's own catalogs.
     */
    Optional<String> findChange(TableEnvironment environment) {
        if (objects.isEmpty()) {
            return Optional.empty();
        }
        CatalogManager catalogManager = TableEnvironmentInternals.catalogManager(environment);
        for (Map.Entry<ObjectIdentifier, @Nullable String> object : objects.entrySet()) {
            ObjectIdentifier identifier = object.getKey();
            ObservedCatalog planned = requireNonNull(catalogs.get(identifier.getCatalogName()));
            Optional<Catalog> current = catalogManager.getCatalog(identifier.getCatalogName());
            if (current.isEmpty()
                    || !(current.get() instanceof ObservedCatalog observed)
                    || !observed.sameDeclarationAs(planned)) {
                return Optional.of("catalog " + identifier.getCatalogName() + " is not the one the plan was made with");
            }
            if (catalogManager.isTemporaryTable(identifier)) {
                return Optional.of("a temporary object hides " + identifier.asSummaryString());
            }
            CatalogBaseTable now = observed.lookUpUnobserved(identifier.toObjectPath());
            String definition = now == null ? null : TableDefinitions.of(now);
            if (!java.util.Objects.equals(definition, object.getValue())) {
                return Optional.of(identifier.asSummaryString() + " changed since the plan was made");
            }
        }
        return Optional.empty();
    }

    /** The identifier of {@code path} in {@code catalog}. */
    static ObjectIdentifier identifier(ObservedCatalog catalog, ObjectPath path) {
        return ObjectIdentifier.of(catalog.name(), path.getDatabaseName(), path.getObjectName());
    }
}
