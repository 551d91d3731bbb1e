package dev.sluice.gateway.session;

import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementKind;

import java.util.regex.Pattern;

/**
 * What a statement may do to its session beyond its own answer, judged from its kind before it runs: write data or
 * change a catalog (refused on a read-only connection), or create something that names resolve to (after which the
 * session shares no plan with others).
 */
final class StatementEffects {
    private static final Pattern USE_MODULES = Pattern.compile("\\s*USE\\s+MODULES\\b", Pattern.CASE_INSENSITIVE);

    private StatementEffects() {}

    /** Whether a statement of {@code kind} may write data or change a catalog: DML, DDL, the unclassified. */
    static boolean mayWrite(StatementKind kind) {
        return switch (kind) {
            case DML, DDL, OTHER -> true;
            case QUERY, SET, RESET, SHOW, DESCRIBE, EXPLAIN, USE -> false;
        };
    }

    /** Whether {@code planned} may create, drop or load something names resolve to: DDL, modules, the unclassified. */
    static boolean mayCreateObjects(PlannedStatement planned) {
        return switch (planned.kind()) {
            case DDL, OTHER -> true;
            case USE -> USE_MODULES.matcher(planned.sql()).lookingAt();
            case QUERY, DML, SET, RESET, SHOW, DESCRIBE, EXPLAIN -> false;
        };
    }
}
