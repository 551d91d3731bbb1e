package dev.sluice.gateway.http;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.statement.StatementLimits;

/** Sluice's own requests on a session (cancel, limits, the liveness probe), doing nothing: for endpoint tests. */
public final class NoSessionControl implements SessionControl {
    public static final SessionControl INSTANCE = new NoSessionControl();

    private NoSessionControl() {}

    @Override
    public void cancel(String connectionId, int statementId, GatewayUser user) {}

    @Override
    public void limit(String connectionId, int statementId, StatementLimits limits, GatewayUser user) {}

    @Override
    public void requireOpen(String connectionId, GatewayUser user) {}
}
