package dev.sluice.gateway.push;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of how query results reach the gateway, and of its result endpoint; reference: docs/configuration.md. */
public final class ResultOptions {
    private static final String PREFIX = "sluice.result.";

    public static final ConfigOption<ResultTransport> TRANSPORT = key(PREFIX + "transport")
            .enumType(ResultTransport.class)
            .defaultValue(ResultTransport.PUSH)
            .withDescription("How rows reach the gateway: PUSH (the query's sink, chained to the query's last"
                    + " operator in the job, connects to the gateway's result endpoint and sends rows as they exist;"
                    + " the answer is complete when the sink has sent the end of the result, before the job winds"
                    + " down) or COLLECT (Flink's collect sink, polled through the JobManager). A cluster whose"
                    + " TaskManagers cannot reach the endpoint is served by COLLECT after its first query, with a"
                    + " WARN.");

    public static final ConfigOption<String> BIND_HOST = key(PREFIX + "bind-host")
            .stringType()
            .defaultValue("127.0.0.1")
            .withDescription("Address the result endpoint listens on; 0.0.0.0 for every interface. TaskManagers on"
                    + " other hosts need an address they can reach.");

    public static final ConfigOption<Integer> PORT = key(PREFIX + "port")
            .intType()
            .defaultValue(0)
            .withDescription("Port of the result endpoint; 0 takes a free port at start.");

    public static final ConfigOption<String> ADVERTISED_ADDRESS = key(PREFIX + "advertised-address")
            .stringType()
            .noDefaultValue()
            .withDescription("Host name or address that TaskManagers dial to reach the result endpoint, without the"
                    + " port (for example the gateway's name in a container network); empty or unset: the bind"
                    + " host. With TLS, the gateway's certificate must name it.");

    public static final ConfigOption<MemorySize> MAX_BUFFERED_BYTES = key(PREFIX + "max-buffered-bytes")
            .memoryType()
            .defaultValue(MemorySize.parse("4mb"))
            .withDescription("Bytes of received rows the gateway holds per query before it stops reading from the"
                    + " query's sink, which then blocks (backpressure); it reads again once the client has taken"
                    + " half. At least 64kb.");

    public static final ConfigOption<Duration> HELLO_TIMEOUT = key(PREFIX + "hello-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription("A connection to the result endpoint that has not said which result it carries within"
                    + " this time is closed.");

    public static final ConfigOption<Duration> LOST_CONNECTION_TIMEOUT = key(PREFIX + "lost-connection-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription("When a sink's connection closes before the end of the result, how long the query waits"
                    + " for the job's own failure (to report its cause) or for a restarted attempt of the sink"
                    + " (accepted only while no row has reached the client) before it fails.");

    private ResultOptions() {}
}
