package dev.sluice.gateway.session;

import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.SessionOptionStatement;
import dev.sluice.planner.StatementRoute;

import static java.util.Objects.requireNonNull;

/**
 * The policies a session's statement meets before it runs or enters the history: what it may load from jars, which
 * places a Flink option it sets may name; and whether the session may have loaded code from a jar: then its jobs need
 * its class loader, so they share no job with other sessions' queries. What a statement reads and writes is judged
 * later, once Flink has resolved its tables ({@link SessionDataAccess} as the statement runner's access check).
 */
final class StatementPolicies {
    private final UserCodePolicy userCode;
    private final SessionDataAccess dataAccess;
    // set once the session may have loaded code from a jar; read by its statements, under the execution lock
    private volatile boolean loaded;

    StatementPolicies(UserCodePolicy userCode, SessionDataAccess dataAccess) {
        this.userCode = requireNonNull(userCode, "userCode is null");
        this.dataAccess = requireNonNull(dataAccess, "dataAccess is null");
    }

    /**
     * Refuses {@code planned} if it loads code from a place not allowed, or sets an option that names code or a place
     * not allowed.
     */
    void check(PlannedStatement planned) {
        if (planned.route() == StatementRoute.USER_CODE) {
            userCode.check(planned.userCode());
            loaded = true;
        } else if (planned.route() == StatementRoute.SESSION_OPTION) {
            SessionOptionStatement option;
            try {
                option = planned.sessionOption();
            } catch (InvalidStatementException e) {
                return; // fails with its position when it runs
            }
            if (option instanceof SessionOptionStatement.SetOption set) {
                userCode.checkOption(set.key(), set.value());
                dataAccess.checkOption(set.key(), set.value());
            }
        }
    }

    boolean loadedUserCode() {
        return loaded;
    }
}
