package dev.sluice.bench.workload;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * One way of holding a workload's tables (CSV files, Parquet files, a Paimon catalog): the statements that make them,
 * run once per system before measuring, and those every connection runs first.
 */
public record TableForm(
        String name, String description, List<WorkloadStatement> prepare, List<WorkloadStatement> setup) {
    public TableForm {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        prepare = List.copyOf(prepare);
        setup = List.copyOf(setup);
    }

    static TableForm from(String name, YamlNode node) {
        node.requireOnlyKeys(Set.of("description", "prepare", "setup"));
        YamlNode description = node.find("description");
        return new TableForm(
                name,
                description == null ? "" : description.text(),
                statements(node.find("prepare")),
                statements(node.find("setup")));
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
