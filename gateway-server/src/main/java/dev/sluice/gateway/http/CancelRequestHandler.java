package dev.sluice.gateway.http;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.NoSuchSessionException;
import dev.sluice.gateway.session.NoSuchStatementException;
import dev.sluice.gateway.session.StatementCancellation;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.jspecify.annotations.Nullable;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Answers {@code POST /sluice/cancel?connection_id=ID&statement_id=N}, Sluice's cancel beside the Avatica protocol:
 * 200 when the statement's job was asked to stop (or nothing ran), 404 when the gateway has no such connection or
 * statement, 400 for a malformed request. The answer is plain text.
 */
final class CancelRequestHandler {
    static final String PATH = "/sluice/cancel";

    private final StatementCancellation cancellation;

    CancelRequestHandler(StatementCancellation cancellation) {
        this.cancellation = requireNonNull(cancellation, "cancellation is null");
    }

    static boolean matches(String uri) {
        return new QueryStringDecoder(uri).path().equals(PATH);
    }

    /** Cancels and answers; never throws. Quick: it looks the statement up and asks the cluster without waiting. */
    FullHttpResponse handle(String uri, GatewayUser user) {
        QueryStringDecoder query = new QueryStringDecoder(uri);
        String connectionId = single(query, "connection_id");
        String statement = single(query, "statement_id");
        if (connectionId == null || statement == null) {
            return HttpResponses.text(
                    HttpResponseStatus.BAD_REQUEST,
                    PATH + " needs one connection_id and one statement_id, was " + query.rawQuery());
        }
        int statementId;
        try {
            statementId = Integer.parseInt(statement);
        } catch (NumberFormatException e) {
            return HttpResponses.text(
                    HttpResponseStatus.BAD_REQUEST, "statement_id must be an integer, was " + statement);
        }
        try {
            cancellation.cancel(connectionId, statementId, user);
        } catch (NoSuchSessionException | NoSuchStatementException e) {
            return HttpResponses.text(HttpResponseStatus.NOT_FOUND, String.valueOf(e.getMessage()));
        }
        return HttpResponses.text(HttpResponseStatus.OK, "Canceled statement " + statementId);
    }

    private static @Nullable String single(QueryStringDecoder query, String name) {
        List<String> values = query.parameters().get(name);
        return values == null || values.size() != 1 ? null : values.get(0);
    }
}
