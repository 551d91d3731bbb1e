package dev.sluice.bench.workload;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A workload file as read: its name, seed and data sizes, and its table forms and query kinds still holding their
 * {@code ${...}} variables, which {@link #resolve} fills in for one size and data directory.
 *
 * <p>The file's keys: {@code name}, {@code description}, {@code seed} (of the parameter values and generated data),
 * {@code sizes} (each with its {@code data}: none, quickstart or generated), {@code table-forms} (each with
 * {@code prepare} and {@code setup} statements and the {@code sluice-config} a Sluice gateway needs for them) and
 * {@code queries} (each with {@code sql} and {@code parameters}).
 */
public final class Workload {
    static final Set<String> KEYS = Set.of("name", "description", "seed", "sizes", "table-forms", "queries");

    private final String name;
    private final String description;
    private final long seed;
    private final Map<String, DataSize> sizes;
    private final YamlNode tableForms;
    private final YamlNode queries;

    private Workload(
            String name,
            String description,
            long seed,
            Map<String, DataSize> sizes,
            YamlNode tableForms,
            YamlNode queries) {
        this.name = requireNonNull(name, "name is null");
        this.description = requireNonNull(description, "description is null");
        this.seed = seed;
        this.sizes = Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
        this.tableForms = requireNonNull(tableForms, "tableForms is null");
        this.queries = requireNonNull(queries, "queries is null");
    }

    /**
     * Reads a parsed workload file and checks it whole: every size resolves, so that a mistake in any of them is
     * reported before a cluster is started.
     */
    static Workload from(YamlNode root) {
        root.requireOnlyKeys(KEYS);
        YamlNode description = root.find("description");
        YamlNode seedNode = root.find("seed");
        long seed = seedNode == null ? 0 : seedNode.integer();
        Map<String, DataSize> sizes = new LinkedHashMap<>();
        YamlNode sizesNode = root.find("sizes");
        if (sizesNode == null) {
            sizes.put("default", new DataSize("default", DataSize.Source.NONE, 0, 0, seed));
        } else {
            sizesNode.entries().forEach((size, node) -> sizes.put(size, DataSize.from(size, node, seed)));
            if (sizes.isEmpty()) {
                throw sizesNode.invalid("must name at least one size");
            }
        }
        Workload workload = new Workload(
                root.require("name").text(),
                description == null ? "" : description.text(),
                seed,
                sizes,
                root.require("table-forms"),
                root.require("queries"));
        for (String size : sizes.keySet()) {
            workload.resolve(size, Path.of("/data"));
        }
        return workload;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public long seed() {
        return seed;
    }

    /** The sizes in file order; the first is the default. */
    public List<String> sizes() {
        return List.copyOf(sizes.keySet());
    }

    /** The table forms in file order; the first is the default. */
    public List<String> tableForms() {
        return List.copyOf(tableForms.entries().keySet());
    }

    /** The query kinds in file order. */
    public List<String> queries() {
        return List.copyOf(queries.entries().keySet());
    }

    /**
     * The workload for {@code size}, its statements reading and writing under {@code dataDirectory}: the variables
     * {@code ${data}} (that directory), {@code ${size}} and the size's own ({@code ${customers}}, {@code ${orders}})
     * are filled in.
     */
    public ResolvedWorkload resolve(String size, Path dataDirectory) {
        DataSize dataSize = sizes.get(size);
        if (dataSize == null) {
            throw new IllegalArgumentException(
                    "workload " + name + " has no size '" + size + "'; it has " + sizes.keySet());
        }
        Map<String, String> values = new LinkedHashMap<>(dataSize.variables());
        values.put("data", dataDirectory.toString());
        Variables variables = new Variables(values);
        Map<String, TableForm> forms = new LinkedHashMap<>();
        variables.substitute(tableForms).entries().forEach((form, node) -> forms.put(form, TableForm.from(form, node)));
        if (forms.isEmpty()) {
            throw tableForms.invalid("must name at least one table form");
        }
        Map<String, WorkloadQuery> kinds = new LinkedHashMap<>();
        variables
                .substitute(queries)
                .entries()
                .forEach((kind, node) -> kinds.put(kind, WorkloadQuery.from(kind, node)));
        if (kinds.isEmpty()) {
            throw queries.invalid("must name at least one query");
        }
        return new ResolvedWorkload(name, dataSize, dataDirectory, seed, forms, kinds);
    }
}
