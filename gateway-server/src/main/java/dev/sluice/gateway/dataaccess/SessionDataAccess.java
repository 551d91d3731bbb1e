package dev.sluice.gateway.dataaccess;

import dev.sluice.planner.access.AccessCheck;

/**
 * The data-access policy as it applies to one session: judges what its statements touch ({@link AccessCheck}) and
 * the Flink options it sets.
 */
public interface SessionDataAccess extends AccessCheck {
    /**
     * Checks a Flink option the session sets (SET, or a connection property).
     *
     * @throws DataAccessDeniedException if it names a place the session may not write
     */
    void checkOption(String key, String value);
}
