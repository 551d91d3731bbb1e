package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.avatica.AvaticaRequestHandler.EncodedResponse;
import dev.sluice.gateway.avatica.SluiceErrors;
import dev.sluice.gateway.metrics.GatewayMetrics;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Hands each aggregated request to Avatica on the RPC executor; the event loop only copies bytes.
 *
 * <p>{@code POST} (any path) carries Avatica; {@code GET /health} answers whether the gateway serves and
 * {@code GET /metrics} gives its metrics in Prometheus text format.
 */
final class AvaticaHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(AvaticaHttpHandler.class);

    private final AvaticaRequestHandler avatica;
    private final Executor rpcExecutor;
    private final Supplier<byte[]> metrics;
    private final ConnectionStats stats;

    AvaticaHttpHandler(
            AvaticaRequestHandler avatica, Executor rpcExecutor, Supplier<byte[]> metrics, ConnectionStats stats) {
        this.avatica = requireNonNull(avatica, "avatica is null");
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.metrics = requireNonNull(metrics, "metrics is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        stats.request();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!request.decoderResult().isSuccess()) {
            HttpResponses.write(
                    ctx, HttpResponses.text(HttpResponseStatus.BAD_REQUEST, "Malformed HTTP request"), false);
            return;
        }
        if (HttpMethod.GET.equals(request.method()) && "/health".equals(request.uri())) {
            HttpResponses.write(ctx, HttpResponses.text(HttpResponseStatus.OK, "OK"), keepAlive);
            return;
        }
        if (HttpMethod.GET.equals(request.method()) && "/metrics".equals(request.uri())) {
            // a scrape only reads counters: cheap enough for the event loop
            HttpResponses.write(
                    ctx,
                    HttpResponses.bytes(HttpResponseStatus.OK, metrics.get(), GatewayMetrics.CONTENT_TYPE),
                    keepAlive);
            return;
        }
        if (!HttpMethod.POST.equals(request.method())) {
            HttpResponses.write(
                    ctx,
                    HttpResponses.text(
                            HttpResponseStatus.METHOD_NOT_ALLOWED,
                            "Sluice speaks the Avatica protocol: POST a protobuf or JSON request; GET /health"),
                    keepAlive);
            return;
        }
        // copy: the superclass releases the request when this method returns
        byte[] body = ByteBufUtil.getBytes(request.content());
        try {
            rpcExecutor.execute(() -> respond(ctx, body, keepAlive));
        } catch (RejectedExecutionException e) {
            HttpResponses.write(
                    ctx,
                    HttpResponses.text(
                            HttpResponseStatus.SERVICE_UNAVAILABLE,
                            "The gateway is saturated: every RPC thread is busy and the queue is full; retry later"),
                    keepAlive);
        }
    }

    private void respond(ChannelHandlerContext ctx, byte[] body, boolean keepAlive) {
        FullHttpResponse response;
        try {
            EncodedResponse encoded = avatica.handle(body);
            response = HttpResponses.bytes(
                    HttpResponseStatus.valueOf(encoded.httpStatus()), encoded.body(), encoded.contentType());
        } catch (Throwable e) { // only when even the error response cannot be encoded; every request is answered
            String errorId = SluiceErrors.newErrorId();
            LOG.error("Internal error {}: could not encode an Avatica response", errorId, e);
            response = HttpResponses.text(
                    HttpResponseStatus.INTERNAL_SERVER_ERROR,
                    "Internal error in the gateway; the gateway's log has its details under error id " + errorId);
        }
        // safe off the event loop: Netty hands the write to the channel's loop
        HttpResponses.write(ctx, response, keepAlive);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("Connection {} failed; closing it", ctx.channel().remoteAddress(), cause);
        ctx.close();
    }
}
