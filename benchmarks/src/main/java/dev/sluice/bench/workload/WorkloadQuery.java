package dev.sluice.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A named query kind of a workload: its SQL, whose {@code ?} markers the parameters fill in order, each execution with
 * fresh values.
 */
public record WorkloadQuery(String name, String description, String sql, List<ParameterGenerator> parameters) {
    public WorkloadQuery {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(sql, "sql is null");
        parameters = List.copyOf(parameters);
        int markers = Placeholders.count(sql);
        int filled =
                parameters.stream().mapToInt(ParameterGenerator::placeholders).sum();
        if (markers != filled) {
            throw new IllegalArgumentException(
                    "the SQL has " + markers + " parameter markers (?), the parameters fill " + filled);
        }
    }

    static WorkloadQuery from(String name, YamlNode node) {
        node.requireOnlyKeys(Set.of("description", "sql", "parameters"));
        YamlNode description = node.find("description");
        List<ParameterGenerator> parameters = new ArrayList<>();
        YamlNode listed = node.find("parameters");
        if (listed != null) {
            listed.items().forEach(item -> parameters.add(ParameterGenerator.from(item)));
        }
        try {
            return new WorkloadQuery(
                    name,
                    description == null ? "" : description.text(),
                    node.require("sql").text(),
                    parameters);
        } catch (IllegalArgumentException e) {
            throw node.invalid(e.getMessage());
        }
    }

    /** The values of the next execution, one per marker, drawn from {@code random}. */
    public List<SqlValue> nextValues(Random random) {
        List<SqlValue> values = new ArrayList<>();
        for (ParameterGenerator parameter : parameters) {
            values.addAll(parameter.next(random));
        }
        return values;
    }

    /** The SQL with {@code values} written in as literals, the way a client without prepared statements sends it. */
    public String literalSql(List<SqlValue> values) {
        return Placeholders.substitute(
                sql, values.stream().map(SqlValue::literal).toList());
    }
}
