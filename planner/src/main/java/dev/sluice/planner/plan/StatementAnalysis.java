package dev.sluice.planner.plan;

import dev.sluice.planner.ParameterizedSql;
import dev.sluice.planner.StatementKind;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.logical.LogicalType;
import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * What a statement is before it runs: its kind, its {@code ?} markers with the types Flink infers for them, and the
 * columns of its result.
 *
 * @param parameterTypes one entry per marker; null where nothing in the statement fixes the type (for example
 *     {@code SELECT ?}), in which case the bound value's own type is used
 * @param columns the result columns of a query; null for statements without rows or when they depend on an untyped
 *     parameter
 */
public record StatementAnalysis(
        ParameterizedSql template,
        StatementKind kind,
        List<@Nullable LogicalType> parameterTypes,
        @Nullable ResolvedSchema columns) {
    public StatementAnalysis {
        requireNonNull(template, "template is null");
        requireNonNull(kind, "kind is null");
        // unmodifiable, but nulls allowed: List.copyOf rejects them
        parameterTypes = Collections.unmodifiableList(new java.util.ArrayList<>(parameterTypes));
        if (parameterTypes.size() != template.parameterCount()) {
            throw new IllegalArgumentException("parameterTypes must have one entry per marker ("
                    + template.parameterCount() + "), had " + parameterTypes.size());
        }
    }

    /** An analysis that knows nothing beyond the markers. */
    static StatementAnalysis untyped(ParameterizedSql template, StatementKind kind) {
        return new StatementAnalysis(template, kind, Collections.nCopies(template.parameterCount(), null), null);
    }

    public Optional<LogicalType> parameterType(int index) {
        return Optional.ofNullable(parameterTypes.get(index));
    }
}
