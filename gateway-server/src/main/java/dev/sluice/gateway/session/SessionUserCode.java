package dev.sluice.gateway.session;

import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.SessionOptionStatement;
import dev.sluice.planner.StatementRoute;

import static java.util.Objects.requireNonNull;

/**
 * What a session may load from jars, checked before a statement runs or enters the history, and whether it may have
 * loaded any: then its jobs need its class loader, so they share no job with other sessions' queries.
 */
final class SessionUserCode {
    private final UserCodePolicy policy;
    // set once the session may have loaded code from a jar; read by its statements, under the execution lock
    private volatile boolean loaded;

    SessionUserCode(UserCodePolicy policy) {
        this.policy = requireNonNull(policy, "policy is null");
    }

    /** Refuses {@code planned} if it loads code, or sets an option that names code, from a place not allowed. */
    void check(PlannedStatement planned) {
        if (planned.route() == StatementRoute.USER_CODE) {
            policy.check(planned.userCode());
            loaded = true;
        } else if (planned.route() == StatementRoute.SESSION_OPTION) {
            SessionOptionStatement option;
            try {
                option = planned.sessionOption();
            } catch (InvalidStatementException e) {
                return; // fails with its position when it runs
            }
            if (option instanceof SessionOptionStatement.SetOption set) {
                policy.checkOption(set.key(), set.value());
            }
        }
    }

    boolean loaded() {
        return loaded;
    }
}
