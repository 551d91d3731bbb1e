package dev.sluice.gateway.http;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;

import static dev.sluice.gateway.http.HttpExchanges.body;
import static dev.sluice.gateway.http.HttpExchanges.request;
import static dev.sluice.gateway.http.HttpExchanges.response;
import static org.assertj.core.api.Assertions.assertThat;

final class OperationsHandlerTest {
    private final ConnectionStats stats = new ConnectionStats();
    private final List<Runnable> rpcTasks = new ArrayList<>();
    private final AtomicReference<Probe> readiness = new AtomicReference<>(new Probe(true, "READY\ncluster up"));
    private final OperationsEndpoints endpoints = new OperationsEndpoints(
            () -> "sluice_up 1\n".getBytes(StandardCharsets.UTF_8),
            () -> new Probe(true, "ALIVE: 2 open sessions"),
            readiness::get,
            WebPages.NONE);
    private EmbeddedChannel channel = new EmbeddedChannel(new OperationsHandler(endpoints, rpcTasks::add, stats));

    @AfterEach
    void nothingLeftInTheChannel() {
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void answersHealthOnTheEventLoopWithItsReasonAndKeepsTheConnection() {
        channel.writeInbound(request(HttpMethod.GET, "/health", ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(body(response)).isEqualTo("ALIVE: 2 open sessions\n");
        assertThat(response.headers().get(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
        assertThat(channel.isOpen()).isTrue();
        assertThat(rpcTasks).isEmpty();
        assertThat(stats.requests()).isEqualTo(1);
        response.release();
    }

    @Test
    void answersMetricsInPrometheusTextFormat() {
        channel.writeInbound(request(HttpMethod.GET, "/metrics", ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(body(response)).isEqualTo("sluice_up 1\n");
        assertThat(response.headers().get(HttpHeaderNames.CONTENT_TYPE)).startsWith("text/plain");
        response.release();
    }

    @Test
    void asksForReadinessOnTheRpcExecutorBecauseItMayWaitForClusters() {
        channel.writeInbound(request(HttpMethod.GET, "/ready", ""));

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(rpcTasks).hasSize(1);
        rpcTasks.get(0).run();
        channel.runPendingTasks();

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
        assertThat(body(response)).isEqualTo("READY\ncluster up\n");
        response.release();
    }

    @Test
    void answers503WithTheReasonWhenNotReady() {
        readiness.set(new Probe(false, "NOT READY\ncluster 'a' (default) unreachable: Connection refused"));
        channel = new EmbeddedChannel(new OperationsHandler(endpoints, Runnable::run, stats));

        channel.writeInbound(request(HttpMethod.GET, "/ready?verbose", ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(body(response)).contains("unreachable: Connection refused");
        response.release();
    }

    @Test
    void isNotReadyWhenTheRpcExecutorIsSaturated() {
        channel = new EmbeddedChannel(new OperationsHandler(
                endpoints,
                task -> {
                    throw new RejectedExecutionException("full");
                },
                stats));

        channel.writeInbound(request(HttpMethod.GET, "/ready", ""));

        FullHttpResponse response = response(channel);
        assertThat(response.status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(body(response)).startsWith("NOT READY");
        response.release();
    }

    @Test
    void passesEveryOtherRequestOnUntouched() {
        FullHttpRequest post = request(HttpMethod.POST, "/health", "{}");
        FullHttpRequest other = request(HttpMethod.GET, "/", "");

        channel.writeInbound(post, other);

        assertThat((Object) channel.readInbound()).isSameAs(post);
        assertThat((Object) channel.readInbound()).isSameAs(other);
        assertThat(post.refCnt()).isEqualTo(1);
        assertThat(stats.requests()).isZero();
        post.release();
        other.release();
    }
}
