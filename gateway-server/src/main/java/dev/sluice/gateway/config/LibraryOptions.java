package dev.sluice.gateway.config;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Where the gateway finds connector and format jars beyond those in the box; reference: docs/configuration.md. */
public final class LibraryOptions {
    public static final ConfigOption<List<String>> DIRS = key("sluice.lib.dirs")
            .stringType()
            .asList()
            .defaultValues()
            .withDescription("Folders whose *.jar files (connectors, formats, catalogs) the gateway's planner loads,"
                    + " read once at start; every job carries them to its cluster unless the cluster declares"
                    + " sluice.cluster.<name>.lib-on-cluster. Relative paths are resolved against the gateway's"
                    + " working directory.");

    private LibraryOptions() {}
}
