package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.AuthenticationType;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.AvaticaHttpClientFactory;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.KerberosConnection;
import org.jspecify.annotations.Nullable;

import java.net.URL;
import java.util.Locale;

/**
 * Plugs the pooled Netty transport into Avatica (its {@code httpclient_factory} property).
 *
 * <p>Avatica instantiates the factory by class name and hands it only Avatica's own settings, so the Sluice driver
 * passes its transport settings for the duration of {@code connect} through {@link #connecting}; the client is created
 * on that thread inside {@code connect}. Used directly by Avatica's own driver, the factory serves plaintext, or TLS
 * with the JVM's default trust for an {@code https} URL.
 */
public final class PooledHttpClientFactory implements AvaticaHttpClientFactory {
    /** The instance Avatica uses (it looks for this field). */
    public static final PooledHttpClientFactory INSTANCE = new PooledHttpClientFactory();

    private static final ThreadLocal<Connecting> CONNECTING = new ThreadLocal<>();

    /** What {@link #connecting} gives the clients it creates. */
    private record Connecting(
            TransportConfig transport,
            RequestTimeouts timeouts,
            @Nullable String bearerToken) {}

    /** Avatica's plugin loader needs a public constructor or the INSTANCE field; use {@link #INSTANCE}. */
    public PooledHttpClientFactory() {}

    /** A body of work that may throw {@code E}. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        /**
         * Runs the work.
         *
         * @return its result
         * @throws E on failure
         */
        T run() throws E;
    }

    /**
     * Runs {@code connect} with {@code config} as the transport settings of the clients it creates on this thread.
     *
     * @param config the transport settings
     * @param connect opens the Avatica connection
     * @return what {@code connect} returns
     * @throws E what {@code connect} throws
     */
    public static <T, E extends Exception> T connecting(TransportConfig config, Work<T, E> connect) throws E {
        return connecting(config, new RequestTimeouts(config.requestTimeout()), null, connect);
    }

    /**
     * {@link #connecting(TransportConfig, Work)}, the clients waiting for answers as {@code timeouts} says and sending
     * {@code bearerToken} as {@code Authorization: Bearer} with every request (when it is not null).
     */
    public static <T, E extends Exception> T connecting(
            TransportConfig config, RequestTimeouts timeouts, @Nullable String bearerToken, Work<T, E> connect)
            throws E {
        Connecting previous = CONNECTING.get();
        CONNECTING.set(new Connecting(config, timeouts, bearerToken));
        try {
            return connect.run();
        } finally {
            if (previous == null) {
                CONNECTING.remove();
            } else {
                CONNECTING.set(previous);
            }
        }
    }

    @Override
    public AvaticaHttpClient getClient(URL url, ConnectionConfig config, @Nullable KerberosConnection kerberos) {
        Connecting connecting = CONNECTING.get();
        TransportConfig transport = connecting != null
                ? connecting.transport()
                : TransportConfig.defaults("https".equalsIgnoreCase(url.getProtocol()));
        int port = url.getPort() < 0 ? url.getDefaultPort() : url.getPort();
        String host = url.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        boolean protobuf = Driver.Serialization.PROTOBUF.name().equalsIgnoreCase(config.serialization());
        RequestTimeouts timeouts =
                connecting != null ? connecting.timeouts() : new RequestTimeouts(transport.requestTimeout());
        PooledAvaticaHttpClient client = new PooledAvaticaHttpClient(host, port, transport, protobuf, timeouts);
        if (connecting != null && connecting.bearerToken() != null) {
            client.setBearerToken(connecting.bearerToken());
        }
        // as Avatica's own factory does: authentication=BASIC with avatica_user and avatica_password
        String authentication = config.authentication();
        if (authentication != null && config.avaticaUser() != null) {
            client.setUsernamePassword(
                    AuthenticationType.valueOf(authentication.toUpperCase(Locale.ROOT)),
                    config.avaticaUser(),
                    config.avaticaPassword());
        }
        return client;
    }
}
