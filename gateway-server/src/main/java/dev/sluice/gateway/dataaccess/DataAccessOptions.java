package dev.sluice.gateway.dataaccess;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** What a session's statements may declare, read and write; reference: docs/configuration.md. */
public final class DataAccessOptions {
    public static final ConfigOption<List<String>> CONNECTORS = key("sluice.security.data.connectors")
            .stringType()
            .asList()
            .defaultValues("datagen", "blackhole", "filesystem")
            .withDescription("Connectors (the 'connector' option's value) that a statement may declare in CREATE TABLE"
                    + " or set in a hint; any other is refused with SQLState 42501. 'print' writes to the gateway's"
                    + " console and is left out by default.");

    public static final ConfigOption<List<String>> CATALOG_TYPES = key("sluice.security.data.catalog-types")
            .stringType()
            .asList()
            .defaultValues("generic_in_memory", "paimon")
            .withDescription("Catalog types that CREATE CATALOG may name; a catalog's locations (a Paimon"
                    + " warehouse, ...) must also be writable (sluice.security.data.writable-locations). Catalogs"
                    + " declared in sluice.catalogs are the administrator's and are not judged by this.");

    public static final ConfigOption<List<String>> READABLE_LOCATIONS = key("sluice.security.data.readable-locations")
            .stringType()
            .asList()
            .defaultValues("docs/quickstart")
            .withDescription("Directories (paths, relative ones against the gateway's working directory) and URI"
                    + " prefixes (hdfs://namenode:8020/data, s3://bucket/data) under which a table's locations (its"
                    + " 'path' and every other option that names a file or URI) may lie for reading."
                    + " ${user} stands for the session's user. Paths are resolved with '..' and symbolic links before"
                    + " the check. The default is the quickstart's CSV files, relative to where the gateway starts.");

    public static final ConfigOption<List<String>> WRITABLE_LOCATIONS = key("sluice.security.data.writable-locations")
            .stringType()
            .asList()
            .defaultValues()
            .withDescription("Directories and URI prefixes, as for readable-locations, under which a table may be"
                    + " written (INSERT, INSERT OVERWRITE, CREATE TABLE AS), a catalog keep its data, a plan be"
                    + " compiled to, and a SET option name a directory (checkpoints, savepoints). Also readable."
                    + " Example: [/srv/sluice/scratch/${user}].");

    public static final ConfigOption<List<String>> PROTECTED_LOCATIONS = key("sluice.security.data.protected-locations")
            .stringType()
            .asList()
            .defaultValues()
            .withDescription("Files and directories that no statement may reach, whatever the lists above allow, nor"
                    + " any directory that holds one. Always protected besides these: the gateway's configuration"
                    + " file, its TLS key, certificate and store files, its password and JWT key files, and its log"
                    + " directory.");

    private DataAccessOptions() {}
}
