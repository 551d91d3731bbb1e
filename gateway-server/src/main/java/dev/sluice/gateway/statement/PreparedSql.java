package dev.sluice.gateway.statement;

import dev.sluice.planner.plan.StatementAnalysis;

import static java.util.Objects.requireNonNull;

/**
 * What preparing a statement learned, kept by its {@link GatewayStatement} for every execution: the text as the client
 * sent it, and its analysis (kind, {@code ?} markers with their types, result columns).
 */
public record PreparedSql(String sql, StatementAnalysis analysis) {
    public PreparedSql {
        requireNonNull(sql, "sql is null");
        requireNonNull(analysis, "analysis is null");
    }
}
