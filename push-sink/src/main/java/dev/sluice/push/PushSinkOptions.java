package dev.sluice.push;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/**
 * Options of the {@code sluice-push} connector, set by the gateway on the temporary table a query is inserted into.
 * They are table options, not gateway options: the gateway fills them per query from its result endpoint.
 */
public final class PushSinkOptions {
    public static final ConfigOption<String> ADDRESS = key("address")
            .stringType()
            .noDefaultValue()
            .withDescription("host:port of the gateway's result endpoint, as TaskManagers reach it.");

    public static final ConfigOption<Long> RESULT_ID = key("result-id")
            .longType()
            .noDefaultValue()
            .withDescription("Which expected result of the endpoint these rows belong to; not secret.");

    public static final ConfigOption<String> SECRET = key("secret")
            .stringType()
            .noDefaultValue()
            .withDescription("The result's one-time secret, URL-safe base64; the endpoint refuses a connection"
                    + " without it.");

    public static final ConfigOption<String> TRUSTED_CERTIFICATES = key("tls.trusted-certificates")
            .stringType()
            .noDefaultValue()
            .withDescription("PEM text of the certificates the sink trusts for the endpoint; when set, the sink"
                    + " connects with TLS and checks that the certificate names the host of 'address'.");

    public static final ConfigOption<MemorySize> BATCH_SIZE = key("batch-size")
            .memoryType()
            .defaultValue(MemorySize.parse("32kb"))
            .withDescription("Rows are sent in a frame once this many bytes of them are waiting; at least 1 byte,"
                    + " at most the wire format's largest frame.");

    public static final ConfigOption<Duration> FLUSH_INTERVAL = key("flush-interval")
            .durationType()
            .defaultValue(Duration.ofMillis(50))
            .withDescription("A row waits at most this long for more rows before it is sent. The end of the input"
                    + " sends at once, so a bounded query never waits for it.");

    public static final ConfigOption<Duration> CONNECT_TIMEOUT = key("connect-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription("How long the sink tries to connect to the endpoint before the job fails.");

    public static final ConfigOption<Duration> ACK_TIMEOUT = key("ack-timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(60))
            .withDescription("How long the sink waits for the endpoint to acknowledge the end of the result before"
                    + " the job fails. Only the end waits: a slow gateway blocks the sink's writes instead.");

    private PushSinkOptions() {}
}
