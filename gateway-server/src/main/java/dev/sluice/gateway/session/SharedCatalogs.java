package dev.sluice.gateway.session;

import dev.sluice.errors.ExceptionChain;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogDescriptor;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The catalogs declared in the gateway's configuration, which exist in every session.
 *
 * <p>Each session opens its own instance of each (a Flink {@link Catalog} is not made to be called from many sessions'
 * threads at once), so what makes them shared is where they keep their tables: a Paimon warehouse, a database. That
 * is also why {@code dev.sluice.planner.cache.ReusablePlans} never reuses the plan of a query over them: another
 * connection may change their tables at any time. The session's own in-memory catalog stays its current catalog, for
 * its temporary objects.
 */
public final class SharedCatalogs {
    private final List<CatalogDeclaration> declarations;

    public SharedCatalogs(List<CatalogDeclaration> declarations) {
        this.declarations = List.copyOf(requireNonNull(declarations, "declarations is null"));
    }

    /**
     * Opens and closes each catalog once, so that a wrong type or option stops the gateway at start rather than failing
     * every connection.
     *
     * @throws IllegalArgumentException naming every catalog that cannot be opened, its type and Flink's reason
     */
    public void check(Configuration flinkOptions, ClassLoader classLoader) {
        List<String> problems = new ArrayList<>();
        for (CatalogDeclaration declaration : declarations) {
            try {
                Catalog catalog =
                        FactoryUtil.createCatalog(declaration.name(), declaration.options(), flinkOptions, classLoader);
                try {
                    catalog.open();
                } finally {
                    catalog.close();
                }
            } catch (RuntimeException e) {
                problems.add("Catalog '" + declaration.name() + "' of type '" + declaration.type()
                        + "' (" + CatalogOptions.CATALOG_PREFIX + declaration.name() + ".*) cannot be opened: "
                        + rootMessage(e));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /** Creates every declared catalog in a new session's environment. */
    void registerIn(TableEnvironment environment) {
        for (CatalogDeclaration declaration : declarations) {
            environment.createCatalog(
                    declaration.name(),
                    CatalogDescriptor.of(declaration.name(), Configuration.fromMap(declaration.options())));
        }
    }

    /** The names of the declared catalogs, in order. */
    public List<String> names() {
        return declarations.stream().map(CatalogDeclaration::name).toList();
    }

    private static String rootMessage(Throwable error) {
        Throwable root = ExceptionChain.root(error);
        return root == error ? String.valueOf(error.getMessage()) : error.getMessage() + ": " + root.getMessage();
    }
}
