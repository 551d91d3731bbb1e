package dev.sluice.gateway.http;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.session.NoSuchSessionException;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.statement.NoSuchStatementException;
import dev.sluice.gateway.statement.StatementLimits;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Answers Sluice's requests beside the Avatica protocol, all {@code POST} with an empty body and a plain-text answer:
 *
 * <ul>
 *   <li>{@code /sluice/cancel?connection_id=ID&statement_id=N}: 200 when the statement's job was asked to stop (or
 *       nothing ran);
 *   <li>{@code /sluice/limits?connection_id=ID&statement_id=N&query_timeout_ms=T&max_rows=M}: 200 when the limits
 *       apply to the statement's next executions (0 for none);
 *   <li>{@code /sluice/ping?connection_id=ID}: 200 when the connection is open.
 * </ul>
 *
 * <p>404 when the gateway has no such connection or statement (or it is another user's), 400 for a malformed request.
 */
final class SessionControlHandler {
    static final String CANCEL_PATH = "/sluice/cancel";
    static final String LIMITS_PATH = "/sluice/limits";
    static final String PING_PATH = "/sluice/ping";

    private static final Set<String> PATHS = Set.of(CANCEL_PATH, LIMITS_PATH, PING_PATH);

    private final SessionControl control;

    SessionControlHandler(SessionControl control) {
        this.control = requireNonNull(control, "control is null");
    }

    static boolean matches(String uri) {
        return PATHS.contains(new QueryStringDecoder(uri).path());
    }

    /** Does what the request asks and answers; never throws. Quick: nothing here waits for the cluster. */
    FullHttpResponse handle(String uri, GatewayUser user) {
        QueryStringDecoder query = new QueryStringDecoder(uri);
        String path = query.path();
        try {
            String connectionId = required(query, "connection_id");
            if (path.equals(PING_PATH)) {
                control.requireOpen(connectionId, user);
                return HttpResponses.text(HttpResponseStatus.OK, "Connection open");
            }
            int statementId = number(query, "statement_id", Integer.MAX_VALUE).intValue();
            if (path.equals(CANCEL_PATH)) {
                control.cancel(connectionId, statementId, user);
                return HttpResponses.text(HttpResponseStatus.OK, "Canceled statement " + statementId);
            }
            StatementLimits limits = new StatementLimits(
                    Duration.ofMillis(number(query, "query_timeout_ms", Long.MAX_VALUE)),
                    number(query, "max_rows", Long.MAX_VALUE));
            control.limit(connectionId, statementId, limits, user);
            return HttpResponses.text(HttpResponseStatus.OK, "Limited statement " + statementId);
        } catch (MalformedControlRequest e) {
            return HttpResponses.text(HttpResponseStatus.BAD_REQUEST, e.getMessage());
        } catch (NoSuchSessionException | NoSuchStatementException e) {
            return HttpResponses.text(HttpResponseStatus.NOT_FOUND, String.valueOf(e.getMessage()));
        }
    }

    private static String required(QueryStringDecoder query, String name) {
        String value = single(query, name);
        if (value == null) {
            throw new MalformedControlRequest(query.path() + " needs one " + name + ", was " + query.rawQuery());
        }
        return value;
    }

    private static Long number(QueryStringDecoder query, String name, long max) {
        String value = required(query, name);
        long number;
        try {
            number = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new MalformedControlRequest(name + " must be an integer, was " + value);
        }
        if (number < 0 || number > max) {
            throw new MalformedControlRequest(name + " must be between 0 and " + max + ", was " + value);
        }
        return number;
    }

    private static @Nullable String single(QueryStringDecoder query, String name) {
        List<String> values = query.parameters().get(name);
        return values == null || values.size() != 1 ? null : values.get(0);
    }

    /** A request this handler answers 400; its message says what was wrong. */
    private static final class MalformedControlRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedControlRequest(String message) {
            super(message, null, false, false);
        }
    }
}
