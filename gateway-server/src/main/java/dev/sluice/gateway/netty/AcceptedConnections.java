package dev.sluice.gateway.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * Every connection a server's port accepted and that is still open, so that closing the server closes them itself
 * rather than trusting the event loops' shutdown to. Used by the gateway's HTTP endpoint and by the result endpoint.
 *
 * <p>Why: Netty 4.2's event loop closes its channels only when it sees the shutdown before it runs its queued tasks.
 * A shutdown with no quiet period that begins while the loop runs tasks (writing a response just sent) ends the loop
 * with its channels open and no longer read. A client's keep-alive connection then stays established to a gateway
 * that is gone (the kernel takes its next request and nobody ever answers it), and a push sink's connection to the
 * result endpoint neither ends nor is read, so the sink waits instead of failing its task.
 *
 * <p>Sits in the listening channel's pipeline, before Netty's acceptor, so it sees each connection on the accepting
 * thread before the connection is handed to an I/O loop.
 */
@ChannelHandler.Sharable
public final class AcceptedConnections extends ChannelInboundHandlerAdapter {
    // a group drops a channel once it closes
    private final ChannelGroup open;

    /** @param name names the group in Netty's logs, e.g. {@code sluice-http-connections} */
    public AcceptedConnections(String name) {
        open = new DefaultChannelGroup(name, GlobalEventExecutor.INSTANCE);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (message instanceof Channel accepted) {
            open.add(accepted);
        }
        ctx.fireChannelRead(message);
    }

    /**
     * Closes every open connection on its event loop and waits until each is closed; call after the port stopped
     * accepting and before the event loops shut down. A connection not yet registered with a loop is left to {@link
     * #closeLeftovers}.
     */
    public void close() {
        List<ChannelFuture> closing = new ArrayList<>();
        for (Channel channel : open) {
            if (channel.isRegistered()) {
                closing.add(channel.close());
            }
        }
        for (ChannelFuture future : closing) {
            future.awaitUninterruptibly();
        }
    }

    /**
     * Closes, without their event loops, the connections still open once the loops have terminated: registered too
     * late to be closed by {@link #close} or by the loop's own shutdown.
     *
     * @return how many were left open
     */
    public int closeLeftovers() {
        int left = 0;
        for (Channel channel : open) {
            if (channel.isOpen()) {
                left++;
                channel.unsafe().closeForcibly();
            }
        }
        return left;
    }
}
