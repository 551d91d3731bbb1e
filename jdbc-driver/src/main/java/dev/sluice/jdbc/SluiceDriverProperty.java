package dev.sluice.jdbc;

import org.apache.calcite.avatica.ConnectionConfigImpl;
import org.apache.calcite.avatica.ConnectionProperty;
import org.jspecify.annotations.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The connection properties of {@code jdbc:sluice://} beyond Avatica's own; reference: docs/driver-properties.md,
 * generated from this enum by {@link DriverPropertiesReference}.
 *
 * <p>Properties marked local configure the driver's transport and are never sent to the gateway (so passwords stay
 * on the client); the others are read by the gateway.
 */
public enum SluiceDriverProperty implements ConnectionProperty {
    /** The gateway's session cluster for this connection. */
    CLUSTER(
            "cluster",
            Type.STRING,
            null,
            false,
            "Which session cluster of the gateway runs this connection's "
                    + "queries; default: the first the gateway declares."),
    /** Double-quoted identifiers, rewritten to back ticks by the gateway. */
    ANSI_QUOTES(
            "ansi_quotes",
            Type.BOOLEAN,
            false,
            false,
            "true: identifiers may be quoted with double quotes, as ANSI SQL quotes them (\"my col\"), as well as with"
                    + " Flink's back ticks; the gateway rewrites them to back ticks before Flink parses the statement,"
                    + " so that tools that quote with double quotes (jOOQ, Tableau's generic JDBC) work. String literals"
                    + " and comments are kept. false: double quotes keep Flink's meaning."),
    /** A bearer token (JWT) instead of user and password. */
    TOKEN(
            "token",
            Type.STRING,
            null,
            true,
            "Bearer token (a JWT from the gateway's identity provider) sent as 'Authorization: Bearer' with every"
                    + " request, for a gateway with JWT authentication; instead of user and password."),
    /** TLS on or off. */
    SSL("ssl", Type.BOOLEAN, false, true, "Connect with TLS (true) or plaintext HTTP (false)."),
    /** OPENSSL, JDK or AUTO. */
    SSL_PROVIDER(
            "ssl_provider",
            Type.STRING,
            "AUTO",
            true,
            "TLS engine: OPENSSL (BoringSSL via netty-tcnative; "
                    + "connecting fails if it cannot load), JDK, or AUTO (OPENSSL when its native library loads, else JDK)."),
    /** PEM CA certificates. */
    SSL_CA(
            "ssl_ca",
            Type.STRING,
            null,
            true,
            "PEM file with the CA certificates the gateway's certificate must "
                    + "chain to; without it and without truststore, the JVM's default trust store is used."),
    /** PKCS#12 or JKS trust store. */
    TRUSTSTORE(
            "truststore",
            Type.STRING,
            null,
            true,
            "Trust store with the CA certificates the gateway's " + "certificate must chain to (instead of ssl_ca)."),
    /** Trust store password. */
    TRUSTSTORE_PASSWORD("truststore_password", Type.STRING, null, true, "Password of the truststore."),
    /** Trust store type. */
    TRUSTSTORE_TYPE("truststore_type", Type.STRING, "PKCS12", true, "Type of the truststore: PKCS12 or JKS."),
    /** PEM client certificate chain, for mutual TLS. */
    SSL_CERT(
            "ssl_cert",
            Type.STRING,
            null,
            true,
            "PEM file with the client's certificate chain, for a gateway that "
                    + "requires client certificates (mutual TLS); with ssl_key."),
    /** PEM PKCS#8 client key. */
    SSL_KEY("ssl_key", Type.STRING, null, true, "PEM file with the client's PKCS#8 private key."),
    /** Password of an encrypted client key. */
    SSL_KEY_PASSWORD("ssl_key_password", Type.STRING, null, true, "Password of an encrypted ssl_key."),
    /** Client key store, for mutual TLS. */
    KEYSTORE(
            "keystore",
            Type.STRING,
            null,
            true,
            "Key store with the client's key and certificate chain, for "
                    + "mutual TLS (instead of ssl_cert and ssl_key)."),
    /** Client key store password. */
    KEYSTORE_PASSWORD("keystore_password", Type.STRING, null, true, "Password of the keystore and of the key in it."),
    /** Client key store type. */
    KEYSTORE_TYPE("keystore_type", Type.STRING, "PKCS12", true, "Type of the keystore: PKCS12 or JKS."),
    /** STRICT or NONE. */
    HOSTNAME_VERIFICATION(
            "hostname_verification",
            Type.STRING,
            "STRICT",
            true,
            "STRICT: the gateway's "
                    + "certificate must name the host of the URL; NONE turns the check off (tests only)."),
    /** Pool size per gateway address. */
    POOL_MAX_CONNECTIONS(
            "pool_max_connections",
            Type.NUMBER,
            64,
            true,
            "Keep-alive connections to one gateway "
                    + "address shared by every connection and statement of the JVM with the same transport "
                    + "properties; a request that finds them all busy for pool_acquire_timeout_ms opens one more."),
    /** Idle eviction. */
    POOL_IDLE_TIMEOUT_MS(
            "pool_idle_timeout_ms",
            Type.NUMBER,
            60_000,
            true,
            "A pooled connection idle this long "
                    + "(milliseconds) is closed; keep it below the gateway's sluice.server.idle-timeout."),
    /** Keep-alive on or off. */
    KEEP_ALIVE(
            "keep_alive",
            Type.BOOLEAN,
            true,
            true,
            "Keep connections open for the next request (true); false "
                    + "opens a new connection, with a new TLS handshake, for every request (to measure what keep-alive saves)."),
    /** Connect timeout. */
    CONNECT_TIMEOUT_MS(
            "connect_timeout_ms", Type.NUMBER, 10_000, true, "Time to open a TCP connection " + "(milliseconds)."),
    /** Bound on waiting for a pooled connection. */
    POOL_ACQUIRE_TIMEOUT_MS(
            "pool_acquire_timeout_ms",
            Type.NUMBER,
            50,
            true,
            "How long a request waits for one of the pool_max_connections shared connections (milliseconds)"
                    + " before it opens one of its own; never longer, since the gateway holds an execute that waits"
                    + " for admission and a fetch that waits for rows, and other requests must not queue behind them."),
    /** Bound on waiting for the answer to a request the gateway answers at once. */
    REQUEST_TIMEOUT_MS(
            "request_timeout_ms",
            Type.NUMBER,
            60_000,
            true,
            "How long a request that the gateway answers at once (opening and closing connections and statements,"
                    + " metadata, prepare, commit: all but executes and fetches) waits for its answer (milliseconds);"
                    + " then it fails with SQLState 08006 and the connection is closed. Connection.setNetworkTimeout"
                    + " overrides it, and also bounds executes and fetches, which the gateway holds until their rows"
                    + " exist: otherwise they wait the statement's setQueryTimeout and 5 s more (the gateway ends the"
                    + " query at its timeout), or as long as the query runs.");

    private static final Map<String, SluiceDriverProperty> BY_NAME = new HashMap<>();

    static {
        for (SluiceDriverProperty property : values()) {
            BY_NAME.put(property.camelName.toUpperCase(Locale.ROOT), property);
            BY_NAME.put(property.name(), property);
        }
    }

    private final String camelName;
    private final Type type;
    private final @Nullable Object defaultValue;
    private final boolean local;
    private final String description;

    SluiceDriverProperty(
            String camelName, Type type, @Nullable Object defaultValue, boolean local, String description) {
        this.camelName = camelName;
        this.type = type;
        this.defaultValue = defaultValue;
        this.local = local;
        this.description = description;
    }

    /** The name in a URL or {@link Properties}: lower snake case, like Avatica's own. */
    @Override
    public String camelName() {
        return camelName;
    }

    /** The value when the property is not given, or null. */
    @Override
    public @Nullable Object defaultValue() {
        return defaultValue;
    }

    /** The value's type. */
    @Override
    public Type type() {
        return type;
    }

    /** Reads this property from {@code properties}. */
    @Override
    public ConnectionConfigImpl.PropEnv wrap(Properties properties) {
        return new ConnectionConfigImpl.PropEnv(ConnectionConfigImpl.parse(properties, BY_NAME), this);
    }

    /** No property is required. */
    @Override
    public boolean required() {
        return false;
    }

    /** The Java class of the value. */
    @Override
    public Class<?> valueClass() {
        return type.deduceValueClass(defaultValue, null);
    }

    /** Whether the property configures the driver only and is never sent to the gateway. */
    public boolean local() {
        return local;
    }

    /** The values allowed, for a property with a fixed set of them; empty for any value of its type. */
    public List<String> choices() {
        if (type == Type.BOOLEAN) {
            return List.of("true", "false");
        }
        return switch (this) {
            case SSL_PROVIDER -> List.of("AUTO", "OPENSSL", "JDK");
            case TRUSTSTORE_TYPE, KEYSTORE_TYPE -> List.of("PKCS12", "JKS");
            case HOSTNAME_VERIFICATION -> List.of("STRICT", "NONE");
            default -> List.of();
        };
    }

    /** One sentence for the reference. */
    public String description() {
        return description;
    }

    /** The property named {@code name} (case-insensitive), or null. */
    static @Nullable SluiceDriverProperty find(String name) {
        return BY_NAME.get(name.toUpperCase(Locale.ROOT));
    }
}
