package dev.sluice.gateway.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;

import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import static java.util.Objects.requireNonNull;

/**
 * Answers the operator's {@code GET /health} (liveness), {@code GET /ready} (readiness) and {@code GET /metrics};
 * every other request passes on to the next handler untouched.
 *
 * <p>Health answers 200 while the gateway serves; readiness 503 while the default cluster does not answer, so a
 * load balancer sends no connections that could not run a query. Both bodies say why.
 */
final class OperationsHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Set<String> PATHS = Set.of("/health", "/ready", "/metrics");

    private final OperationsEndpoints endpoints;
    private final Executor rpcExecutor;
    private final ConnectionStats stats;

    OperationsHandler(OperationsEndpoints endpoints, Executor rpcExecutor, ConnectionStats stats) {
        this.endpoints = requireNonNull(endpoints, "endpoints is null");
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    public boolean acceptInboundMessage(Object message) {
        return message instanceof FullHttpRequest request
                && request.decoderResult().isSuccess()
                && HttpMethod.GET.equals(request.method())
                && PATHS.contains(new QueryStringDecoder(request.uri()).path());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        stats.request();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        switch (new QueryStringDecoder(request.uri()).path()) {
            // a scrape only reads counters: cheap enough for the event loop
            case "/metrics" ->
                HttpResponses.write(
                        ctx,
                        HttpResponses.bytes(
                                HttpResponseStatus.OK,
                                endpoints.metrics().get(),
                                PrometheusTextFormatWriter.CONTENT_TYPE),
                        keepAlive);
            case "/health" ->
                HttpResponses.write(ctx, answer(endpoints.liveness().get()), keepAlive);
            default -> {
                try {
                    rpcExecutor.execute(() -> HttpResponses.write(
                            ctx, answer(endpoints.readiness().get()), keepAlive));
                } catch (RejectedExecutionException e) {
                    HttpResponses.write(
                            ctx,
                            HttpResponses.text(
                                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                                    "NOT READY: every RPC thread is busy and the queue is full"),
                            keepAlive);
                }
            }
        }
    }

    private static FullHttpResponse answer(Probe probe) {
        return HttpResponses.text(
                probe.ok() ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, probe.reason());
    }
}
