package dev.sluice.gateway.avatica;

import dev.sluice.gateway.security.AuthenticationException;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestUser;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.Handler.HandlerResponse;
import org.apache.calcite.avatica.remote.LocalService;

import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/**
 * Answers one Avatica request body, protobuf or JSON, and returns the encoded response.
 *
 * <p>Avatica's clients label both encodings {@code application/octet-stream}, so the encoding is told by the body:
 * a JSON request is an object and starts with '{' (after white space); a protobuf {@code WireMessage} starts with
 * the tag of its field 1, byte 0x0A.
 */
public final class AvaticaRequestHandler {
    private final SluiceProtobufHandler protobuf;
    private final SluiceJsonHandler json;
    private final RequestUser requestUser;

    /** @param requestUser where {@code meta} reads the user of the request it serves */
    public AvaticaRequestHandler(Meta meta, RequestUser requestUser) {
        this.requestUser = requireNonNull(requestUser, "requestUser is null");
        LocalService service = new LocalService(meta);
        this.protobuf = new SluiceProtobufHandler(service, NoopMetricsSystem.getInstance());
        this.json = new SluiceJsonHandler(service, NoopMetricsSystem.getInstance());
    }

    /**
     * Handles {@code body}; failures are encoded as Avatica error responses, never thrown. Avatica's handlers catch
     * {@link Exception} only, so an {@link Error} such as {@link StackOverflowError} is caught here: otherwise it would
     * end the RPC task and the client would wait for a response for ever.
     *
     * @param user the authenticated user of the request, who must own every session it names
     */
    public EncodedResponse handle(byte[] body, GatewayUser user) {
        return handle(body, user, new InFlightRequest());
    }

    /**
     * {@link #handle(byte[], GatewayUser)}, for a request whose client may go away before the answer: the HTTP layer
     * tells {@code request} when its connection closes, and what the request started is cancelled.
     */
    public EncodedResponse handle(byte[] body, GatewayUser user, InFlightRequest request) {
        return requestUser.callAs(user, () -> request.callOnThisThread(() -> handle(body)));
    }

    /**
     * The answer to a request whose authentication failed: Avatica's error response with SQLState 28000, in the
     * request's encoding, with HTTP status 401, so that clients that read the body report the SQLState.
     */
    public EncodedResponse unauthenticated(byte[] body, AuthenticationException failure) {
        if (isJson(body)) {
            HandlerResponse<String> response = json.convertToErrorResponse(SluiceErrors.translate(failure));
            return new EncodedResponse(
                    response.getResponse().getBytes(StandardCharsets.UTF_8), 401, "application/json; charset=UTF-8");
        }
        return new EncodedResponse(
                protobuf.convertToErrorResponse(SluiceErrors.translate(failure)).getResponse(),
                401,
                "application/octet-stream");
    }

    private EncodedResponse handle(byte[] body) {
        if (isJson(body)) {
            HandlerResponse<String> response;
            try {
                response = json.apply(new String(body, StandardCharsets.UTF_8));
            } catch (Throwable failure) {
                response = json.convertToErrorResponse(SluiceErrors.translate(failure));
            }
            return new EncodedResponse(
                    response.getResponse().getBytes(StandardCharsets.UTF_8),
                    response.getStatusCode(),
                    "application/json; charset=UTF-8");
        }
        HandlerResponse<byte[]> response;
        try {
            response = protobuf.apply(body);
        } catch (Throwable failure) {
            response = protobuf.convertToErrorResponse(SluiceErrors.translate(failure));
        }
        return new EncodedResponse(response.getResponse(), response.getStatusCode(), "application/octet-stream");
    }

    static boolean isJson(byte[] body) {
        for (byte b : body) {
            if (b == '{') {
                return true;
            }
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return false;
    }

    /** An encoded Avatica response with its HTTP status. */
    public record EncodedResponse(byte[] body, int httpStatus, String contentType) {}
}
