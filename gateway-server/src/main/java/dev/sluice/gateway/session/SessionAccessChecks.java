package dev.sluice.gateway.session;

import dev.sluice.gateway.authorization.UserAuthorization;
import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.planner.access.DataAccess;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A session's two judges of what its statements touch, in order: the data-access policy (connectors, locations, the
 * gateway's files), then the authorization rules of the shared catalogs' tables. Before either, whether the statement
 * is still wanted at all: one whose planning was given up (past its bound, or cancelled) stops here, where Flink has
 * parsed it and it would act, and touches nothing.
 */
final class SessionAccessChecks implements SessionDataAccess {
    private final Runnable stillWanted;
    private final SessionDataAccess dataAccess;
    private final UserAuthorization authorization;

    /** @param stillWanted refuses, by throwing, a statement whose planning was given up */
    SessionAccessChecks(Runnable stillWanted, SessionDataAccess dataAccess, UserAuthorization authorization) {
        this.stillWanted = requireNonNull(stillWanted, "stillWanted is null");
        this.dataAccess = requireNonNull(dataAccess, "dataAccess is null");
        this.authorization = requireNonNull(authorization, "authorization is null");
    }

    @Override
    public void check(List<DataAccess> accesses) {
        stillWanted.run();
        dataAccess.check(accesses);
        authorization.check(accesses);
    }

    @Override
    public void checkOption(String key, String value) {
        dataAccess.checkOption(key, value);
    }

    @Override
    public boolean mayRead(String catalog, String database, String table) {
        return authorization.mayRead(catalog, database, table);
    }

    @Override
    public boolean mayListDatabase(String catalog, String database) {
        return authorization.mayListDatabase(catalog, database);
    }
}
