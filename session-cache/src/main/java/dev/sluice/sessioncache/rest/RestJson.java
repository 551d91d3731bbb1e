package dev.sluice.sessioncache.rest;

import org.apache.flink.runtime.rest.messages.ErrorResponseBody;
import org.apache.flink.runtime.rest.messages.MessageHeaders;
import org.apache.flink.runtime.rest.messages.RequestBody;
import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.runtime.rest.util.RestClientException;
import org.apache.flink.runtime.rest.util.RestMapperUtils;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JavaType;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The JSON of Flink's REST API, written and read the way Flink's REST client does: requests with the strict mapper,
 * responses with the flexible one (unknown fields ignored, so a newer JobManager stays readable), and a body with an
 * {@code errors} field turned into a {@link RestClientException} that carries the HTTP status, which Flink's
 * retry predicates look at. Thread-safe.
 */
final class RestJson {
    private final Supplier<ObjectMapper> strict;
    private final Supplier<ObjectMapper> flexible;

    private RestJson(Supplier<ObjectMapper> strict, Supplier<ObjectMapper> flexible) {
        this.strict = strict;
        this.flexible = flexible;
    }

    static RestJson of(ObjectMapperScope scope) {
        requireNonNull(scope, "scope is null");
        return switch (scope) {
            case SHARED -> {
                ObjectMapper strict = RestMapperUtils.getStrictObjectMapper();
                ObjectMapper flexible = RestMapperUtils.getFlexibleObjectMapper();
                yield new RestJson(() -> strict, () -> flexible);
            }
            case THREAD_LOCAL -> {
                ThreadLocal<ObjectMapper> strict =
                        ThreadLocal.withInitial(RestMapperUtils.getStrictObjectMapper()::copy);
                ThreadLocal<ObjectMapper> flexible =
                        ThreadLocal.withInitial(RestMapperUtils.getFlexibleObjectMapper()::copy);
                yield new RestJson(strict::get, flexible::get);
            }
        };
    }

    byte[] write(RequestBody body) throws JsonProcessingException {
        return strict.get().writeValueAsBytes(body);
    }

    /** The Java type of the response of {@code headers}, with its type parameters (e.g. async operation results). */
    JavaType responseType(MessageHeaders<?, ?, ?> headers) {
        ObjectMapper mapper = strict.get();
        Collection<Class<?>> parameters = headers.getResponseTypeParameters();
        return parameters.isEmpty()
                ? mapper.constructType(headers.getResponseClass())
                : mapper.getTypeFactory()
                        .constructParametricType(headers.getResponseClass(), parameters.toArray(new Class<?>[0]));
    }

    /** Parses a response body as a tree; called on the event loop, where the bytes are. */
    JsonNode readTree(InputStream body) throws IOException {
        return strict.get().readTree(body);
    }

    /** The response as {@code type}, or the server's errors as a {@link RestClientException}. */
    <P extends ResponseBody> P read(JsonNode body, HttpResponseStatus status, JavaType type)
            throws RestClientException {
        if (body.size() == 1 && body.has("errors")) {
            ErrorResponseBody error;
            try {
                error = strict.get().treeToValue(body, ErrorResponseBody.class);
            } catch (JsonProcessingException e) {
                throw new RestClientException("JobManager answered " + status + " with unreadable errors", e, status);
            }
            throw new RestClientException(error.errors.toString(), status);
        }
        try {
            ObjectMapper mapper = flexible.get();
            return mapper.readValue(mapper.treeAsTokens(body), type);
        } catch (IOException e) {
            throw new RestClientException(
                    "JobManager answered " + status + " with a body that is not a "
                            + type.getRawClass().getSimpleName(),
                    e,
                    status);
        }
    }
}
