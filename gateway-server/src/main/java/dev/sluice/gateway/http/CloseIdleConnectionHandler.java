package dev.sluice.gateway.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Closes a keep-alive connection that carried nothing for the idle timeout, unless a request on it is still being
 * answered: a fetch may be held at the gateway until its query's first row exists, which can take longer.
 */
final class CloseIdleConnectionHandler extends ChannelDuplexHandler {
    private int requestsInFlight; // only touched on the channel's event loop

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        if (message instanceof HttpRequest) {
            requestsInFlight++;
        }
        super.channelRead(ctx, message);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object message, ChannelPromise promise) throws Exception {
        if (message instanceof LastHttpContent && requestsInFlight > 0) {
            requestsInFlight--;
        }
        super.write(ctx, message, promise);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            if (requestsInFlight == 0) {
                ctx.close();
            }
        } else {
            super.userEventTriggered(ctx, event);
        }
    }
}
