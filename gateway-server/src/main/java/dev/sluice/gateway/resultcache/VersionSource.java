package dev.sluice.gateway.resultcache;

/** Where the version of one table's data is read from, again and again; thread-safe. */
interface VersionSource {
    /**
     * The version of the data now: equal texts for unchanged data, and another text once it changed.
     *
     * @throws UnknownVersionException if the version cannot be told now
     */
    String read();
}
