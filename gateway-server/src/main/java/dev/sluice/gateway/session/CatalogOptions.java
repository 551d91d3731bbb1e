package dev.sluice.gateway.session;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options that declare the catalogs every session shares; reference: docs/configuration.md. */
public final class CatalogOptions {
    /** Prefix of the per-catalog options: {@code sluice.catalog.<name>.<option>}. */
    public static final String CATALOG_PREFIX = "sluice.catalog.";

    public static final ConfigOption<List<String>> CATALOGS = key("sluice.catalogs")
            .stringType()
            .asList()
            .defaultValues()
            .withDescription("Names of the catalogs that exist in every session, so that every connection sees the"
                    + " same tables. Each is described by sluice.catalog.<name>.type (a Flink catalog type, e.g."
                    + " paimon) and that type's options as sluice.catalog.<name>.<option> (e.g."
                    + " sluice.catalog.<name>.warehouse), as in Flink's CREATE CATALOG ... WITH. Each session opens"
                    + " its own instance of each, so the catalog's type must keep its tables outside the gateway"
                    + " (generic_in_memory is refused).");

    /** Per-catalog: {@code sluice.catalog.<name>.type}. */
    public static ConfigOption<String> type(String catalog) {
        return key(CATALOG_PREFIX + catalog + ".type")
                .stringType()
                .noDefaultValue()
                .withDescription("The Flink catalog type (its factory identifier) of a catalog listed in"
                        + " sluice.catalogs; every other sluice.catalog.<name>.* key is an option of that type.");
    }

    private CatalogOptions() {}
}
