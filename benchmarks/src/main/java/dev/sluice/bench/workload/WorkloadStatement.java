package dev.sluice.bench.workload;

import java.util.EnumSet;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A statement of a workload's {@code prepare} or {@code setup}, for every system or only some. A workload file writes
 * it as text, or as {@code {sql: ..., systems: [stock]}}.
 *
 * @param systems the systems that run it; all of them when empty
 */
public record WorkloadStatement(String sql, Set<SystemKind> systems) {
    public WorkloadStatement {
        requireNonNull(sql, "sql is null");
        systems = Set.copyOf(systems);
    }

    static WorkloadStatement from(YamlNode node) {
        if (!node.isMapping()) {
            return new WorkloadStatement(node.text(), Set.of());
        }
        node.requireOnlyKeys(Set.of("sql", "systems"));
        Set<SystemKind> systems = EnumSet.noneOf(SystemKind.class);
        YamlNode listed = node.find("systems");
        if (listed != null) {
            for (YamlNode item : listed.items()) {
                try {
                    systems.add(SystemKind.of(item.text()));
                } catch (IllegalArgumentException e) {
                    throw item.invalid(e.getMessage());
                }
            }
        }
        return new WorkloadStatement(node.require("sql").text(), systems);
    }

    boolean runsOn(SystemKind system) {
        return systems.isEmpty() || systems.contains(system);
    }
}
