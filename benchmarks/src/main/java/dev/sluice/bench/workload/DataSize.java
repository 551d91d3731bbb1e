package dev.sluice.bench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A size of a workload's data and the CSV files the tool writes for it to {@code ${data}/<size>/} before the
 * prepare statements run: none, the quickstart's {@code customers.csv} and {@code orders.csv} as shipped, or files
 * generated like them. Its counts are the variables {@code ${customers}} and {@code ${orders}} of the workload.
 */
public record DataSize(String name, Source source, int customers, int orders, long seed) {
    /** Where a size's files come from. */
    public enum Source {
        /** No files: the workload's tables get their data elsewhere. */
        NONE,
        /** {@code docs/quickstart/customers.csv} and {@code orders.csv}, as they are. */
        QUICKSTART,
        /** Made by {@link QuickstartData} from the seed, with the quickstart's schema and value distributions. */
        GENERATED
    }

    public DataSize {
        requireNonNull(name, "name is null");
        requireNonNull(source, "source is null");
        if (source == Source.GENERATED && (customers < 1 || orders < 1)) {
            throw new IllegalArgumentException(
                    "generated data needs at least 1 customer and 1 order, was " + customers + " and " + orders);
        }
    }

    static DataSize from(String name, YamlNode node, long defaultSeed) {
        YamlNode data = node.require("data");
        return switch (data.text()) {
            case "none" -> {
                node.requireOnlyKeys(Set.of("data"));
                yield new DataSize(name, Source.NONE, 0, 0, defaultSeed);
            }
            case "quickstart" -> {
                node.requireOnlyKeys(Set.of("data"));
                yield new DataSize(
                        name, Source.QUICKSTART, QuickstartData.SHIPPED_CUSTOMERS, QuickstartData.SHIPPED_ORDERS, 0);
            }
            case "generated" -> {
                node.requireOnlyKeys(Set.of("data", "customers", "orders", "seed"));
                YamlNode seed = node.find("seed");
                yield new DataSize(
                        name,
                        Source.GENERATED,
                        node.require("customers").integer(1, 10_000_000),
                        node.require("orders").integer(1, 1_000_000_000),
                        seed == null ? defaultSeed : seed.integer());
            }
            default -> throw data.invalid("must be none, quickstart or generated, was '" + data.text() + "'");
        };
    }

    /** The variables this size gives the workload's statements and parameters. */
    Map<String, String> variables() {
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("size", name);
        if (source != Source.NONE) {
            variables.put("customers", Integer.toString(customers));
            variables.put("orders", Integer.toString(orders));
        }
        return variables;
    }

    /** Writes this size's files to {@code directory}, replacing what is there; nothing for {@link Source#NONE}. */
    public void writeFiles(Path directory) throws IOException {
        switch (source) {
            case NONE -> {}
            case QUICKSTART -> QuickstartData.writeShipped(directory);
            case GENERATED -> QuickstartData.writeGenerated(directory, customers, orders, seed);
        }
    }
}
