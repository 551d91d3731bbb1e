package dev.sluice.gateway;

import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.config.ServerOptions;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Binds the gateway's address once and lets go, before the embedded cluster starts: a port in use should stop the
 * start at once with a line that names it, not after a minute of cluster start-up with Netty's stack trace.
 *
 * <p>Another process can still take the port between this check and the real bind; then the real bind fails with the
 * same message ({@link #failure}).
 */
final class ServerPortCheck {
    private ServerPortCheck() {}

    static void check(ServerConfig config) throws GatewayStartException {
        InetSocketAddress address = new InetSocketAddress(config.host(), config.port());
        if (address.isUnresolved()) {
            throw failure(config, "unknown host", null);
        }
        try (ServerSocket socket = new ServerSocket()) {
            // as Netty's server channel on Linux, so a port held only by connections in TIME_WAIT counts as free
            socket.setReuseAddress(true);
            socket.bind(address);
        } catch (IOException e) {
            throw failure(config, e.getMessage(), e);
        }
    }

    /** The failure to listen on the gateway's address, naming the address, its options and the reason. */
    static GatewayStartException failure(ServerConfig config, String reason, @Nullable IOException cause) {
        return new GatewayStartException(
                "Cannot listen on " + config.host() + ":" + config.port() + " (" + ServerOptions.HOST.key() + ", "
                        + ServerOptions.PORT.key() + "): " + reason,
                cause);
    }
}
