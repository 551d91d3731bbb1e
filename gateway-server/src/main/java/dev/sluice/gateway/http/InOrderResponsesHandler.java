package dev.sluice.gateway.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;

/**
 * Answers pipelined requests in the order they came: a request that arrives while the one before it is still being
 * answered waits here until that response is written. Requests run on a pool of RPC threads, so without this a quick
 * request sent after a slow one would be answered first, and HTTP/1.1 clients match responses to requests by order.
 *
 * <p>While a request waits, the connection stops reading, so a client cannot queue without limit; the requests one read
 * already held are kept up to {@value #MAX_WAITING}, beyond which the connection is closed, as HTTP allows a server to
 * do with requests it has not answered. Runs on the connection's event loop only.
 */
final class InOrderResponsesHandler extends ChannelDuplexHandler {
    private static final Logger LOG = LoggerFactory.getLogger(InOrderResponsesHandler.class);

    static final int MAX_WAITING = 64;

    // the requests waiting are this handler's to release until it passes them on
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
    private boolean answering;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        if (!(message instanceof FullHttpRequest request)) {
            super.channelRead(ctx, message);
            return;
        }
        if (!answering) {
            answering = true;
            ctx.fireChannelRead(request);
            return;
        }
        if (waiting.size() == MAX_WAITING) {
            request.release();
            LOG.debug(
                    "Connection {} pipelined more than {} requests; closing it",
                    ctx.channel().remoteAddress(),
                    MAX_WAITING);
            releaseWaiting();
            ctx.close();
            return;
        }
        waiting.addLast(request);
        ctx.channel().config().setAutoRead(false);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object message, ChannelPromise promise) throws Exception {
        boolean ends = message instanceof LastHttpContent;
        super.write(ctx, message, promise);
        if (ends && answering) {
            answering = false;
            // not from inside write(): the next request's handling may write again
            ctx.executor().execute(() -> next(ctx));
        }
    }

    private void next(ChannelHandlerContext ctx) {
        if (answering || !ctx.channel().isActive()) {
            return;
        }
        FullHttpRequest request = waiting.pollFirst();
        if (request == null) {
            ctx.channel().config().setAutoRead(true);
            ctx.read();
            return;
        }
        answering = true;
        ctx.fireChannelRead(request);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        releaseWaiting();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseWaiting();
    }

    private void releaseWaiting() {
        for (FullHttpRequest request = waiting.pollFirst(); request != null; request = waiting.pollFirst()) {
            ReferenceCountUtil.release(request);
        }
    }
}
