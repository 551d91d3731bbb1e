package dev.sluice.gateway;

import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.config.ServerOptions;
import dev.sluice.gateway.push.ResultConfig;
import dev.sluice.gateway.push.ResultOptions;
import dev.sluice.gateway.push.ResultTransport;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Binds the gateway's addresses once and lets go, before the embedded cluster starts: a port in use should stop the
 * start at once with a line that names it, not after a minute of cluster start-up with Netty's stack trace. The
 * addresses are the gateway's own and, when results are pushed to a fixed port, the result endpoint's.
 *
 * <p>Another process can still take a port between this check and the real bind; then the real bind fails with the
 * same message ({@link #failure}, {@link #resultFailure}).
 */
final class ServerPortCheck {
    private ServerPortCheck() {}

    static void check(ServerConfig config) throws GatewayStartException {
        String reason = bindOnce(config.host(), config.port());
        if (reason != null) {
            throw failure(config, reason, null);
        }
    }

    /** Checks the result endpoint's address, if results are pushed and its port is fixed (0 takes any free one). */
    static void check(ResultConfig config) throws GatewayStartException {
        if (config.transport() != ResultTransport.PUSH || config.port() == 0) {
            return;
        }
        String reason = bindOnce(config.bindHost(), config.port());
        if (reason != null) {
            throw resultFailure(config, reason, null);
        }
    }

    /** Why {@code host:port} cannot be bound; null if it can. */
    private static @Nullable String bindOnce(String host, int port) {
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            return "unknown host";
        }
        try (ServerSocket socket = new ServerSocket()) {
            // as Netty's server channel on Linux, so a port held only by connections in TIME_WAIT counts as free
            socket.setReuseAddress(true);
            socket.bind(address);
            return null;
        } catch (IOException e) {
            return String.valueOf(e.getMessage());
        }
    }

    /** The failure to listen on the gateway's address, naming the address, its options and the reason. */
    static GatewayStartException failure(ServerConfig config, String reason, @Nullable IOException cause) {
        return new GatewayStartException(
                "Cannot listen on " + config.host() + ":" + config.port() + " (" + ServerOptions.HOST.key() + ", "
                        + ServerOptions.PORT.key() + "): " + reason,
                cause);
    }

    /** The failure to listen on the result endpoint's address, naming the address, its options and the reason. */
    static GatewayStartException resultFailure(ResultConfig config, String reason, @Nullable IOException cause) {
        return new GatewayStartException(
                "Cannot listen for query results on " + config.bindHost() + ":" + config.port() + " ("
                        + ResultOptions.BIND_HOST.key() + ", " + ResultOptions.PORT.key() + "): " + reason,
                cause);
    }
}
