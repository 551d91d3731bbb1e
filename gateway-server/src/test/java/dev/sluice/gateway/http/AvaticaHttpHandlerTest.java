package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.statement.StatementLimits;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import org.apache.calcite.avatica.Meta;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import static dev.sluice.gateway.http.HttpExchanges.body;
import static dev.sluice.gateway.http.HttpExchanges.request;
import static dev.sluice.gateway.http.HttpExchanges.response;
import static org.assertj.core.api.Assertions.assertThat;

final class AvaticaHttpHandlerTest {
    private static final String OPEN_CONNECTION =
            "{\"request\":\"openConnection\",\"connectionId\":\"c1\",\"info\":{}}";

    private static final SessionControl NO_CANCELS = new RecordingControl(new ArrayList<>());

    private final ConnectionStats stats = new ConnectionStats();
    private final List<Runnable> rpcTasks = new ArrayList<>();
    private final List<String> canceled = new ArrayList<>();
    private final SessionControl cancels = new RecordingControl(canceled);
    private EmbeddedChannel channel = channel(rpcTasks::add);

    @AfterEach
    void nothingLeftInTheChannel() {
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void cancelsAStatementOnTheEventLoop() {
        channel.writeInbound(request(HttpMethod.POST, "/sluice/cancel?connection_id=c%201&statement_id=7", ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(body(response)).isEqualTo("Canceled statement 7\n");
        assertThat(canceled).containsExactly("c 1/7");
        assertThat(rpcTasks).as("a cancel must not queue behind held fetches").isEmpty();
        assertThat(channel.isOpen()).isTrue();
        response.release();
    }

    @Test
    void setsAStatementsLimitsOnTheEventLoop() {
        channel.writeInbound(request(
                HttpMethod.POST,
                "/sluice/limits?connection_id=c1&statement_id=3&query_timeout_ms=2000&max_rows=5",
                ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(canceled).containsExactly("c1/3 StatementLimits[queryTimeout=PT2S, maxRows=5]");
        assertThat(rpcTasks).isEmpty();
        response.release();
    }

    @Test
    void refusesLimitsThatAreMissingOrNegativeWith400() {
        for (String uri : List.of(
                "/sluice/limits?connection_id=c1&statement_id=3&max_rows=5",
                "/sluice/limits?connection_id=c1&statement_id=3&query_timeout_ms=-1&max_rows=5",
                "/sluice/limits?connection_id=c1&statement_id=3&query_timeout_ms=1&max_rows=lots")) {
            channel.writeInbound(request(HttpMethod.POST, uri, ""));

            FullHttpResponse response = response(channel);
            assertThat(response.status()).as(uri).isEqualTo(HttpResponseStatus.BAD_REQUEST);
            response.release();
        }
        assertThat(canceled).isEmpty();
    }

    @Test
    void refusesACancelWithoutBothIdsWith400() {
        for (String uri : List.of(
                "/sluice/cancel?connection_id=c1",
                "/sluice/cancel?statement_id=1",
                "/sluice/cancel?connection_id=c1&connection_id=c2&statement_id=1",
                "/sluice/cancel?connection_id=c1&statement_id=one")) {
            channel.writeInbound(request(HttpMethod.POST, uri, ""));

            FullHttpResponse response = response(channel);
            assertThat(response.status()).as(uri).isEqualTo(HttpResponseStatus.BAD_REQUEST);
            response.release();
        }
        assertThat(canceled).isEmpty();
    }

    @Test
    void refusesMethodsOtherThanPostWith405() {
        channel.writeInbound(request(HttpMethod.PUT, "/", "{}"));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.METHOD_NOT_ALLOWED);
        assertThat(body(response)).contains("POST a protobuf or JSON request");
        assertThat(channel.isOpen()).isTrue();
        response.release();
    }

    @Test
    void answersAPostOnTheRpcExecutorNotOnTheEventLoop() {
        channel.writeInbound(request(HttpMethod.POST, "/", OPEN_CONNECTION));

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(rpcTasks).hasSize(1);
        rpcTasks.get(0).run();
        channel.runPendingTasks();

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(response.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("application/json");
        assertThat(body(response)).contains("\"response\":\"openConnection\"");
        response.release();
    }

    @Test
    void answersAFailingRequestWithAvaticasErrorResponse() {
        channel = new EmbeddedChannel(new AvaticaHttpHandler(
                new AvaticaRequestHandler(meta(true), new RequestUser()),
                GatewayAuthenticator.none(),
                NO_CANCELS,
                Runnable::run,
                stats));

        channel.writeInbound(request(HttpMethod.POST, "/", OPEN_CONNECTION));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.INTERNAL_SERVER_ERROR);
        assertThat(body(response)).contains("\"response\":\"error\"");
        response.release();
    }

    @Test
    void answers503AtOnceWhenTheRpcExecutorIsSaturated() {
        channel = channel(task -> {
            throw new RejectedExecutionException("full");
        });

        channel.writeInbound(request(HttpMethod.POST, "/", OPEN_CONNECTION));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(body(response)).contains("saturated");
        assertThat(channel.isOpen()).isTrue();
        response.release();
    }

    @Test
    void answersAMalformedRequestWith400AndClosesTheConnection() {
        FullHttpRequest malformed = request(HttpMethod.GET, "/health", "");
        malformed.setDecoderResult(DecoderResult.failure(new IllegalArgumentException("bad header")));

        channel.writeInbound(malformed);

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(response.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
        assertThat(channel.isOpen()).isFalse();
        response.release();
    }

    @Test
    void closesAfterTheResponseWhenTheClientAsksTo() {
        FullHttpRequest request = request(HttpMethod.GET, "/", "");
        request.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);

        channel.writeInbound(request);

        FullHttpResponse response = response(channel);
        assertThat(response.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("close");
        assertThat(channel.isOpen()).isFalse();
        response.release();
    }

    @Test
    void closesAfterTheResponseToAnHttp10RequestWithoutKeepAlive() {
        FullHttpRequest request = request(HttpMethod.GET, "/", "");
        request.setProtocolVersion(HttpVersion.HTTP_1_0);

        channel.writeInbound(request);

        response(channel).release();
        assertThat(channel.isOpen()).isFalse();
    }

    private EmbeddedChannel channel(Executor rpcExecutor) {
        return new EmbeddedChannel(new AvaticaHttpHandler(
                new AvaticaRequestHandler(meta(false), new RequestUser()),
                GatewayAuthenticator.none(),
                cancels,
                rpcExecutor,
                stats));
    }

    /** A Meta whose methods without a result succeed, or all fail; the handler only carries bytes to it. */
    private static Meta meta(boolean failing) {
        return (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(), new Class<?>[] {Meta.class}, (proxy, method, arguments) -> {
                    if (failing || method.getReturnType() != void.class) {
                        throw new IllegalStateException("not in this test: " + method.getName());
                    }
                    return null;
                });
    }

    /** Records what it is asked, as {@code connection/statement} or {@code connection/statement limits}. */
    private record RecordingControl(List<String> requests) implements SessionControl {
        @Override
        public void cancel(String connectionId, int statementId, GatewayUser user) {
            requests.add(connectionId + "/" + statementId);
        }

        @Override
        public void limit(String connectionId, int statementId, StatementLimits limits, GatewayUser user) {
            requests.add(connectionId + "/" + statementId + " " + limits);
        }

        @Override
        public void requireOpen(String connectionId, GatewayUser user) {
            requests.add(connectionId);
        }
    }
}
