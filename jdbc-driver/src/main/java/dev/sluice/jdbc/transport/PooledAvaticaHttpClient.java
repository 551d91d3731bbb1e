package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.remote.AuthenticationType;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.UsernamePasswordAuthenticateable;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's HTTP client, sending each request through the JVM-wide pool for its gateway. Avatica makes one client
 * per JDBC connection; the client owns no socket, so it needs no closing.
 *
 * <p>With a user name it sends HTTP Basic credentials with every request, with a token a bearer token (the gateway
 * keeps no login state).
 */
final class PooledAvaticaHttpClient implements AvaticaHttpClient, UsernamePasswordAuthenticateable {
    private final String address;
    private final TransportConfig config;
    private final GatewayConnectionPool pool;
    private final RequestTimeouts timeouts;
    private volatile @Nullable String authorization;
    private final boolean renameWireMessages;

    /**
     * A client of one gateway.
     *
     * @param protobuf whether the connection speaks protobuf, whose envelopes name Java classes (see {@link
     *     RelocatedWireNames})
     * @param timeouts how long the connection's requests wait for their answer
     */
    PooledAvaticaHttpClient(String host, int port, TransportConfig config, boolean protobuf, RequestTimeouts timeouts) {
        this.config = requireNonNull(config, "config is null");
        this.timeouts = requireNonNull(timeouts, "timeouts is null");
        this.renameWireMessages = protobuf && RelocatedWireNames.relocated();
        this.address = (config.tls() ? "https://" : "http://") + host + ":" + port;
        try {
            this.pool = GatewayTransports.shared().pool(host, port, config);
        } catch (TransportSetupException e) {
            throw TransportFailures.fromFailure(address, config.tls(), e);
        }
    }

    /**
     * Sends {@code request} and returns the gateway's answer, waiting no longer than the request's bound
     * ({@link RequestTimeouts}); a request of a connection that gave up on one before fails at once.
     */
    @Override
    public byte[] send(byte[] request) {
        Optional<String> abandoned = timeouts.findAbandonment();
        if (abandoned.isPresent()) {
            throw TransportFailures.of(
                    SqlStates.NO_CONNECTION,
                    "The connection is closed: " + abandoned.get() + "; open a new connection");
        }
        String name = AvaticaRequestNames.of(request);
        Optional<Duration> bound = timeouts.findBound(name);
        byte[] body = renameWireMessages ? RelocatedWireNames.toWire(request) : request;
        GatewayResponse response;
        try {
            response = bound.isPresent()
                    ? pool.post("/", body, authorization, bound.get())
                    : pool.post(body, authorization);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TransportFailures.of(SqlStates.CONNECTION_FAILURE, "Interrupted waiting for " + address);
        } catch (TimeoutException e) {
            throw timeouts.abandon(address, name, bound.orElseThrow());
        } catch (Exception e) {
            throw TransportFailures.fromFailure(address, config.tls(), e);
        }
        // 200 carries results; 500, 400 and 401 (SQLState 28000) carry Avatica's error responses; other answers are
        // the gateway's own
        int status = response.status();
        if (!response.isText() && (status == 200 || status == 500 || status == 400 || status == 401)) {
            return renameWireMessages ? RelocatedWireNames.fromWire(response.body()) : response.body();
        }
        throw TransportFailures.fromResponse(address, response);
    }

    /**
     * Sends {@code user} and {@code password} as HTTP Basic credentials from now on.
     *
     * @throws IllegalArgumentException for an authentication type other than BASIC, which the gateway does not offer
     */
    @Override
    public void setUsernamePassword(AuthenticationType authenticationType, String user, String password) {
        if (authenticationType != AuthenticationType.BASIC) {
            throw new IllegalArgumentException(
                    "The Sluice gateway authenticates passwords with authentication=BASIC, not " + authenticationType);
        }
        this.authorization = basic(user, password);
    }

    /** Sends {@code token} as {@code Authorization: Bearer} from now on. */
    void setBearerToken(String token) {
        this.authorization = bearer(token);
    }

    static String bearer(String token) {
        return "Bearer " + requireNonNull(token, "token is null");
    }

    /**
     * The {@code Authorization} header for the user and password of Avatica's connection {@code properties}
     * ({@code authentication=BASIC}, {@code avatica_user}, {@code avatica_password}), or null when they have none.
     */
    static @Nullable String basicAuthorization(Properties properties) {
        String user = properties.getProperty(BuiltInConnectionProperty.AVATICA_USER.camelName());
        String authentication = properties.getProperty(BuiltInConnectionProperty.AUTHENTICATION.camelName());
        return user != null && authentication != null
                ? basic(user, properties.getProperty(BuiltInConnectionProperty.AVATICA_PASSWORD.camelName()))
                : null;
    }

    private static String basic(String user, @Nullable String password) {
        String credentials = user + ":" + (password == null ? "" : password);
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }
}
