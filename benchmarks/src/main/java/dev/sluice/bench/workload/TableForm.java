package dev.sluice.bench.workload;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * One way of holding a workload's tables (CSV files, Parquet files, a Paimon catalog): the statements that make them,
 * run once per system before measuring, those every connection runs first, and what a Sluice gateway's configuration
 * must declare for them (a shared catalog, which the stock gateway creates per connection instead).
 *
 * @param sluiceConfig keys of a Sluice gateway's configuration ({@code sluice.catalogs}, ...) and their values as
 *     YAML flow text ({@code ["lake"]}), in file order
 */
public record TableForm(
        String name,
        String description,
        List<WorkloadStatement> prepare,
        List<WorkloadStatement> setup,
        Map<String, String> sluiceConfig) {
    public TableForm {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        prepare = List.copyOf(prepare);
        setup = List.copyOf(setup);
        sluiceConfig = Collections.unmodifiableMap(new LinkedHashMap<>(sluiceConfig));
    }

    static TableForm from(String name, YamlNode node) {
        node.requireOnlyKeys(Set.of("description", "prepare", "setup", "sluice-config"));
        YamlNode description = node.find("description");
        Map<String, String> sluiceConfig = new LinkedHashMap<>();
        YamlNode config = node.find("sluice-config");
        if (config != null) {
            // JSON is YAML's flow style: a value keeps its type (a list stays a list) when written back
            config.entries()
                    .forEach((key, value) -> sluiceConfig.put(key, value.node().toString()));
        }
        return new TableForm(
                name,
                description == null ? "" : description.text(),
                statements(node.find("prepare")),
                statements(node.find("setup")),
                sluiceConfig);
    }

    /** The {@code sluice-config} as lines of flat YAML, to append to a gateway's configuration file. */
    public String sluiceConfigYaml() {
        StringBuilder yaml = new StringBuilder();
        sluiceConfig.forEach(
                (key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
        return yaml.toString();
    }

    private static List<WorkloadStatement> statements(@Nullable YamlNode node) {
        List<WorkloadStatement> statements = new ArrayList<>();
        if (node != null) {
            node.items().forEach(item -> statements.add(WorkloadStatement.from(item)));
        }
        return statements;
    }

    /** The statements that make the tables, run once on {@code system} before measuring. */
    public List<String> prepareFor(SystemKind system) {
        return sqlFor(prepare, system);
    }

    /** The statements a connection to {@code system} runs before its queries. */
    public List<String> setupFor(SystemKind system) {
        return sqlFor(setup, system);
    }

    private static List<String> sqlFor(List<WorkloadStatement> statements, SystemKind system) {
        return statements.stream()
                .filter(statement -> statement.runsOn(system))
                .map(WorkloadStatement::sql)
                .toList();
    }
}
