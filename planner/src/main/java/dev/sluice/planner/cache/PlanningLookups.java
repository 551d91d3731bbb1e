package dev.sluice.planner.cache;

import dev.sluice.planner.catalog.ObservedCatalog;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ObjectPath;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Listens to the observed catalogs of one session while one statement is planned, and gives what they were asked as
 * the plan's {@link PlanDependencies}. Used on the session's planning thread, under its execution lock; closing it
 * stops the listening.
 */
final class PlanningLookups implements ObservedCatalog.LookupListener, AutoCloseable {
    private final List<ObservedCatalog> observed = new ArrayList<>();
    private final Map<ObjectIdentifier, @Nullable String> objects = new LinkedHashMap<>();
    private final Map<String, ObservedCatalog> catalogs = new HashMap<>();
    private @Nullable String unversioned;

    private PlanningLookups() {}

    /**
     * Starts listening to the observed catalogs of {@code environment}'s session among {@code names}: only those, since
     * asking Flink for a catalog opens it, and a catalog the session created may be slow or failing to open.
     */
    static PlanningLookups start(TableEnvironment environment, Collection<String> names) {
        PlanningLookups lookups = new PlanningLookups();
        CatalogManager catalogManager = TableEnvironmentInternals.catalogManager(environment);
        for (String name : names) {
            catalogManager.getCatalog(name).ifPresent(catalog -> {
                if (catalog instanceof ObservedCatalog observedCatalog) {
                    observedCatalog.listen(lookups);
                    lookups.observed.add(observedCatalog);
                }
            });
        }
        return lookups;
    }

    @Override
    public void found(ObservedCatalog catalog, ObjectPath path, CatalogBaseTable table) {
        record(catalog, path, TableDefinitions.of(table));
    }

    @Override
    public void absent(ObservedCatalog catalog, ObjectPath path) {
        record(catalog, path, null);
    }

    @Override
    public void unversioned(String what) {
        if (unversioned == null) {
            unversioned = what;
        }
    }

    private void record(ObservedCatalog catalog, ObjectPath path, @Nullable String definition) {
        ObjectIdentifier identifier = PlanDependencies.identifier(catalog, path);
        // the first answer is the one planning went on with; a later lookup of the same object answers the same
        if (!objects.containsKey(identifier)) {
            objects.put(identifier, definition);
        }
        catalogs.putIfAbsent(catalog.name(), catalog);
    }

    /** Why a plan made now could not be checked later, if planning read such a thing. */
    @Nullable
    String unversioned() {
        return unversioned;
    }

    /** What planning looked up so far. */
    PlanDependencies dependencies() {
        return new PlanDependencies(new LinkedHashMap<>(objects), catalogs);
    }

    @Override
    public void close() {
        observed.forEach(ObservedCatalog::stopListening);
    }
}
