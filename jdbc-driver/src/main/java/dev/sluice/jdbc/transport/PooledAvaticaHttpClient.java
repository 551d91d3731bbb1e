package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's HTTP client, sending each request through the JVM-wide pool for its gateway. Avatica makes one client
 * per JDBC connection; the client owns no socket, so it needs no closing.
 */
final class PooledAvaticaHttpClient implements AvaticaHttpClient {
    private final String address;
    private final TransportConfig config;
    private final GatewayConnectionPool pool;
    private final boolean renameWireMessages;

    /**
     * A client of one gateway.
     *
     * @param protobuf whether the connection speaks protobuf, whose envelopes name Java classes (see {@link
     *     RelocatedWireNames})
     */
    PooledAvaticaHttpClient(String host, int port, TransportConfig config, boolean protobuf) {
        this.config = requireNonNull(config, "config is null");
        this.renameWireMessages = protobuf && RelocatedWireNames.relocated();
        this.address = (config.tls() ? "https://" : "http://") + host + ":" + port;
        try {
            this.pool = GatewayTransports.shared().pool(host, port, config);
        } catch (TransportSetupException e) {
            throw TransportFailures.fromFailure(address, config.tls(), e);
        }
    }

    @Override
    public byte[] send(byte[] request) {
        GatewayResponse response;
        try {
            response = pool.post(renameWireMessages ? RelocatedWireNames.toWire(request) : request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TransportFailures.of(SqlStates.CONNECTION_FAILURE, "Interrupted waiting for " + address);
        } catch (Exception e) {
            throw TransportFailures.fromFailure(address, config.tls(), e);
        }
        // 200 carries results, 500 and 400 carry Avatica's error responses; other answers are the gateway's own
        if (!response.isText() && (response.status() == 200 || response.status() == 500 || response.status() == 400)) {
            return renameWireMessages ? RelocatedWireNames.fromWire(response.body()) : response.body();
        }
        throw TransportFailures.fromResponse(address, response);
    }
}
