package dev.sluice.gateway.http;

import dev.sluice.gateway.config.ServerOptions;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Aggregates request bodies up to the configured size; a larger request gets a 413 that names the limit (Netty's
 * own answer has no body) and the connection is closed, since the rest of the body would follow on it.
 */
final class SizeLimitedAggregator extends HttpObjectAggregator {
    SizeLimitedAggregator(int maxRequestBytes) {
        super(maxRequestBytes);
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpResponses.write(
                ctx,
                HttpResponses.text(
                        HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                        "The request is larger than " + maxContentLength() + " bytes, the gateway's "
                                + ServerOptions.MAX_REQUEST_SIZE.key()),
                false);
    }
}
