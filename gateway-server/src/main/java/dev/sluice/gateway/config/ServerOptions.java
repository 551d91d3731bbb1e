package dev.sluice.gateway.config;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the gateway's network endpoint; reference: docs/configuration.md. */
public final class ServerOptions {
    public static final ConfigOption<String> HOST = key("sluice.server.host")
            .stringType()
            .defaultValue("127.0.0.1")
            .withDescription("Address the gateway listens on; 0.0.0.0 for every interface.");

    public static final ConfigOption<Integer> PORT = key("sluice.server.port")
            .intType()
            .defaultValue(8765)
            .withDescription("TCP port of the gateway (Avatica protocol over HTTP); 0 picks a free port.");

    public static final ConfigOption<Integer> RPC_THREADS = key("sluice.server.rpc-threads")
            .intType()
            .defaultValue(64)
            .withDescription("Threads that run Avatica requests; a request that waits for rows holds one.");

    public static final ConfigOption<Integer> RPC_QUEUE_SIZE = key("sluice.server.rpc-queue-size")
            .intType()
            .defaultValue(256)
            .withDescription(
                    "Requests that may wait for an RPC thread; beyond that a request is answered 503 at once.");

    public static final ConfigOption<MemorySize> MAX_REQUEST_SIZE = key("sluice.server.max-request-size")
            .memoryType()
            .defaultValue(MemorySize.parse("16mb"))
            .withDescription("Largest request body accepted; a larger one is answered 413.");

    public static final ConfigOption<Duration> IDLE_TIMEOUT = key("sluice.server.idle-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(5))
            .withDescription("A keep-alive connection that carries no request for this long is closed.");

    public static final ConfigOption<Integer> MAX_CONNECTIONS = key("sluice.server.max-connections")
            .intType()
            .defaultValue(4096)
            .withDescription("Open TCP connections allowed at once; a request on a connection beyond that is "
                    + "answered 503 and the connection closed.");

    public static final ConfigOption<Duration> REQUEST_TIMEOUT = key("sluice.server.request-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription(
                    "A request, headers and body, must arrive whole within this time of its first byte;"
                            + " otherwise it is answered 408 and its connection closed, however steadily its bytes trickle in.");

    public static final ConfigOption<Duration> FIRST_REQUEST_TIMEOUT = key("sluice.server.first-request-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription("A new connection (after its TLS handshake) must send the first byte of its first request"
                    + " within this time, or it is closed: connections that never send anything cannot hold the"
                    + " gateway's connection slots for the idle timeout.");

    public static final ConfigOption<Integer> MAX_CONNECTIONS_PER_ADDRESS =
            key("sluice.server.max-connections-per-address")
                    .intType()
                    .defaultValue(512)
                    .withDescription(
                            "Open TCP connections allowed at once from one client address; a request on one beyond"
                                    + " that is answered 503 and the connection closed, so one address cannot take every connection"
                                    + " of sluice.server.max-connections.");

    private ServerOptions() {}
}
