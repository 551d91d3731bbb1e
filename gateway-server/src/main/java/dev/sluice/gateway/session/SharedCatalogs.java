package dev.sluice.gateway.session;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.planner.catalog.ObservedCatalog;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * The catalogs declared in the gateway's configuration, which exist in every session.
 *
 * <p>Each session opens its own instance of each (a Flink {@link Catalog} is not made to be called from many sessions'
 * threads at once), so what makes them shared is where they keep their tables: a Paimon warehouse, a database.
 * Another connection, or a writer outside the gateway, may change their tables at any time, so each instance is an
 * {@link ObservedCatalog}: the plan cache keeps what a plan looked up in it and checks that before reusing the plan.
 * The session's own in-memory catalog stays its current catalog, for its temporary objects.
 *
 * <p>A Paimon catalog keeps the tables it read in memory for minutes by default, so that one session would not see
 * another's {@code ALTER TABLE} (nor would its plan cache); declared Paimon catalogs read a table's definition each
 * time instead ({@code cache-enabled: false}), unless the declaration sets {@code cache-enabled} itself.
 */
public final class SharedCatalogs {
    private static final String PAIMON = "paimon";
    private static final String PAIMON_CACHE = "cache-enabled";

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

    /**
     * Opens every declared catalog in a new session's environment, observed.
     *
     * @param classLoader the session's class loader, where the catalogs' factories are found
     */
    @SuppressWarnings("deprecation") // createCatalog would open the catalog itself, and not let it be observed
    void registerIn(TableEnvironment environment, ClassLoader classLoader) {
        for (CatalogDeclaration declaration : declarations) {
            Map<String, String> options = sessionOptions(declaration);
            Catalog catalog =
                    FactoryUtil.createCatalog(declaration.name(), options, environment.getConfig(), classLoader);
            environment.registerCatalog(declaration.name(), new ObservedCatalog(declaration.name(), options, catalog));
        }
    }

    /** The options a session opens a declared catalog with: the declaration's, with Paimon's table cache off. */
    static Map<String, String> sessionOptions(CatalogDeclaration declaration) {
        if (!PAIMON.equals(declaration.type()) || declaration.options().containsKey(PAIMON_CACHE)) {
            return declaration.options();
        }
        Map<String, String> options = new HashMap<>(declaration.options());
        options.put(PAIMON_CACHE, "false");
        return Map.copyOf(options);
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
