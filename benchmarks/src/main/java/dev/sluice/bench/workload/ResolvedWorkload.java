package dev.sluice.bench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * A workload for one size of its data and one data directory: its variables substituted, its table forms and query
 * kinds ready to run.
 *
 * @param seed the seed of the parameter values
 */
public record ResolvedWorkload(
        String name,
        DataSize size,
        Path dataDirectory,
        long seed,
        Map<String, TableForm> tableForms,
        Map<String, WorkloadQuery> queries) {
    public ResolvedWorkload {
        requireNonNull(name, "name is null");
        requireNonNull(size, "size is null");
        requireNonNull(dataDirectory, "dataDirectory is null");
        // in file order: the first form is the default, and kinds are listed as the file lists them
        tableForms = Collections.unmodifiableMap(new LinkedHashMap<>(tableForms));
        queries = Collections.unmodifiableMap(new LinkedHashMap<>(queries));
    }

    /** The table form {@code name}; the message lists the workload's forms. */
    public TableForm requireTableForm(String name) {
        TableForm form = tableForms.get(name);
        if (form == null) {
            throw new IllegalArgumentException(
                    "workload " + this.name + " has no table form '" + name + "'; it has " + tableForms.keySet());
        }
        return form;
    }

    /** The query kind {@code name}; the message lists the workload's kinds. */
    public WorkloadQuery requireQuery(String name) {
        WorkloadQuery query = queries.get(name);
        if (query == null) {
            throw new IllegalArgumentException(
                    "workload " + this.name + " has no query '" + name + "'; it has " + queries.keySet());
        }
        return query;
    }

    /** Writes the size's data files to {@code <data directory>/<size>/}, where its statements expect them. */
    public void writeDataFiles() throws IOException {
        size.writeFiles(dataDirectory.resolve(size.name()));
    }
}
