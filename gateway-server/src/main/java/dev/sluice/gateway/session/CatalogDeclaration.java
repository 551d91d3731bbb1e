package dev.sluice.gateway.session;

import dev.sluice.gateway.resultcache.ResultCacheOptions;
import org.apache.flink.configuration.Configuration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One catalog that every session shares, as declared in the gateway's configuration.
 *
 * @param options the catalog's options as Flink's {@code CREATE CATALOG ... WITH} takes them, {@code type} included
 */
public record CatalogDeclaration(String name, Map<String, String> options) {
    /** The name of the in-memory catalog each session keeps for itself. */
    public static final String SESSION_CATALOG = "default_catalog";

    /** Flink's in-memory catalog type, which cannot be shared: each session would have its own, empty one. */
    static final String IN_MEMORY_TYPE = "generic_in_memory";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    public CatalogDeclaration {
        requireNonNull(name, "name is null");
        options = Map.copyOf(options);
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(CatalogOptions.CATALOGS.key() + " entry '" + name
                    + "' is not a valid catalog name; use lower-case letters, digits and '_', starting with a letter");
        }
        if (name.equals(SESSION_CATALOG)) {
            throw new IllegalArgumentException(CatalogOptions.CATALOGS.key() + " entry '" + name
                    + "' is the name of each session's own in-memory catalog; choose another name");
        }
        String type = options.get("type");
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException(CatalogOptions.type(name).key()
                    + " must be set for the catalog listed in " + CatalogOptions.CATALOGS.key());
        }
        if (type.equals(IN_MEMORY_TYPE)) {
            throw new IllegalArgumentException(CatalogOptions.type(name).key() + " must be a catalog that keeps its"
                    + " tables outside the gateway (e.g. paimon), was " + IN_MEMORY_TYPE
                    + ", which would be a different, empty catalog in each session");
        }
    }

    /** The catalog's type, as Flink's factory identifier. */
    public String type() {
        return options.get("type");
    }

    /** Reads every declared catalog; all problems are reported together in one exception. */
    public static List<CatalogDeclaration> allFrom(Configuration config) {
        List<String> names = config.get(CatalogOptions.CATALOGS);
        List<String> problems = new ArrayList<>();
        List<CatalogDeclaration> catalogs = new ArrayList<>();
        if (names.stream().distinct().count() != names.size()) {
            problems.add(CatalogOptions.CATALOGS.key() + " names a catalog twice, was " + names);
        }
        Map<String, String> all = config.toMap();
        for (String name : names) {
            String prefix = CatalogOptions.CATALOG_PREFIX + name + ".";
            Map<String, String> options = new LinkedHashMap<>();
            all.forEach((key, value) -> {
                // the result cache's keys of a catalog are the gateway's, not options of the catalog's type
                if (key.startsWith(prefix) && !key.startsWith(prefix + ResultCacheOptions.CATALOG_SUBKEY)) {
                    options.put(key.substring(prefix.length()), value);
                }
            });
            try {
                catalogs.add(new CatalogDeclaration(name, options));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return List.copyOf(catalogs);
    }
}
