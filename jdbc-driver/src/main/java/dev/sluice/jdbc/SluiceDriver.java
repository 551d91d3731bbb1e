package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.CauseChain;
import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import dev.sluice.jdbc.transport.GatewayServiceFactory;
import dev.sluice.jdbc.transport.PooledHttpClientFactory;
import dev.sluice.jdbc.transport.RequestTimeouts;
import dev.sluice.jdbc.transport.SessionRequests;
import dev.sluice.jdbc.transport.TransportConfig;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.Driver;
import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The Sluice JDBC driver: {@code jdbc:sluice://host:port[;key=value...]}.
 *
 * <p>It speaks the Avatica protocol to a Sluice gateway, protobuf unless {@code serialization=json} is given.
 * Properties of the URL and of the {@link Properties} passed to {@code connect} are sent to the gateway; the gateway
 * reads {@code cluster} (which session cluster the connection runs on). The transport properties ({@code ssl},
 * trust and client certificates, pool limits; see {@link SluiceDriverProperty}) configure the driver's pooled Netty
 * transport and are not sent.
 *
 * <p>{@code DatabaseMetaData} is Avatica's, answered by the gateway from the session's Flink catalogs; beyond what
 * Avatica's protocol carries, {@code getPrimaryKeys} returns the keys declared in Flink DDL (the driver asks with
 * Sluice's {@code SHOW PRIMARY KEYS} statement).
 *
 * <p>{@code Statement.cancel()} from another thread stops the statement's job on the gateway (Sluice's {@code POST
 * /sluice/cancel}, beside the Avatica protocol), and the thread that waits for its rows fails with SQLState HY008.
 * {@code setQueryTimeout} and {@code setMaxRows} apply on the gateway ({@code POST /sluice/limits}): a timeout cancels
 * the job and fails with HYT00, a row limit ends the job once its rows are read. {@code Connection.isValid} asks the
 * gateway ({@code POST /sluice/ping}); a connection whose session is gone reports {@code isClosed()} and fails every
 * call with 08003.
 *
 * <p>No call waits for ever on a gateway that does not answer: a request the gateway answers at once waits at most
 * {@code request_timeout_ms} (60 s), or {@code Connection.setNetworkTimeout} where set, which also bounds executes and
 * fetches; then it fails with 08006, naming the gateway and the wait, and the connection is closed.
 *
 * <p>Every {@link SQLException} that the driver's objects throw is the standard subclass for its SQLState
 * ({@code SQLSyntaxErrorException} for class 42, {@code SQLTimeoutException} for HYT00, a connection exception for
 * class 08, ...; see {@link SqlExceptions}), and no JDBC method throws an unchecked exception for a failure of the
 * gateway or of the connection to it.
 */
public final class SluiceDriver extends Driver {
    static {
        new SluiceDriver().register();
    }

    /** Creates the driver; applications use {@link java.sql.DriverManager} instead. */
    public SluiceDriver() {
        super();
    }

    /** Avatica's factory, but connections answer {@code getPrimaryKeys} (see {@link SluiceDatabaseMetaData}). */
    @Override
    protected AvaticaFactory createFactory() {
        return new SluiceJdbcFactory(super.createFactory());
    }

    /** Avatica's remote calls, with each result's next frame fetched while the application reads the current one. */
    @Override
    public Meta createMeta(AvaticaConnection connection) {
        return PrefetchingMeta.wrap(super.createMeta(connection), connection);
    }

    @Override
    protected String getConnectStringPrefix() {
        return SluiceUrl.PREFIX;
    }

    @Override
    protected DriverVersion createDriverVersion() {
        Properties versions = BuildVersions.read();
        String version = versions.getProperty("version");
        String flinkVersion = versions.getProperty("flink.version");
        int[] driver = majorMinor(version);
        // the database is Flink's SQL, served by Sluice: its version is Flink's, as tools compare it
        int[] database = majorMinor(flinkVersion);
        return new DriverVersion(
                "Sluice JDBC Driver",
                version,
                "Sluice on Apache Flink",
                flinkVersion,
                false,
                driver[0],
                driver[1],
                database[0],
                database[1]);
    }

    /** The versions the build wrote into the driver's resources. */
    private static final class BuildVersions {
        private static final String RESOURCE = "sluice-jdbc-driver.properties";

        static Properties read() {
            Properties versions = new Properties();
            try (java.io.InputStream in = SluiceDriver.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("The driver's jar lacks " + RESOURCE + "; was it built by Maven?");
                }
                versions.load(in);
            } catch (java.io.IOException e) {
                throw new IllegalStateException("Cannot read the driver's " + RESOURCE, e);
            }
            return versions;
        }
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
        if (url == null) {
            throw new SQLNonTransientConnectionException("url is null", SqlStates.CANNOT_CONNECT);
        }
        return SluiceUrl.accepts(url);
    }

    /**
     * Connects to the gateway at {@code url}.
     *
     * @param url {@code jdbc:sluice://host:port[;key=value...]}
     * @param info further properties; those in the URL take precedence
     * @return the connection, or null if {@code url} is not a Sluice URL (as {@link java.sql.Driver} requires)
     * @throws SQLException with SQLState 08001 if the URL or a property is malformed, the gateway cannot be reached or
     *     the TLS handshake fails, 08004 if the gateway refuses the connection
     */
    @Override
    public @Nullable Connection connect(String url, @Nullable Properties info) throws SQLException {
        if (url == null || !SluiceUrl.accepts(url)) {
            return null;
        }
        SluiceUrl parsed = SluiceUrl.parse(url);
        Properties given = new Properties();
        if (info != null) {
            given.putAll(info);
        }
        given.putAll(parsed.properties());
        KnownProperties.requireKnown(given);
        KnownProperties.requireKnownSerialization(given);
        TransportConfig transport = TransportProperties.parse(given);
        // the transport's properties (passwords among them) stay here: Avatica sends the rest to the gateway
        Properties properties = new Properties();
        for (String name : given.stringPropertyNames()) {
            SluiceDriverProperty property = SluiceDriverProperty.find(name);
            if (property == null || !property.local()) {
                properties.setProperty(name, given.getProperty(name));
            }
        }
        String token = bearerToken(given);
        if (token == null) {
            sendCredentialsAsBasic(properties);
        } else {
            properties.remove("password");
        }
        // the gateway then sends timestamps beyond milliseconds as text, which this driver reads with all their digits
        properties.setProperty(
                PreciseTimestamps.DRIVER_PROPERTY, BuildVersions.read().getProperty("version"));
        properties.setProperty(
                BuiltInConnectionProperty.HTTP_CLIENT_FACTORY.camelName(), PooledHttpClientFactory.class.getName());
        // the driver decodes protobuf fetch responses itself, without Avatica's message objects per value
        properties.setProperty(BuiltInConnectionProperty.FACTORY.camelName(), GatewayServiceFactory.class.getName());
        if (!properties.containsKey(BuiltInConnectionProperty.SERIALIZATION.camelName())) {
            properties.setProperty(BuiltInConnectionProperty.SERIALIZATION.camelName(), "protobuf");
        }
        List<String> unreachable = new ArrayList<>();
        for (SluiceUrl.Gateway gateway : parsed.gateways()) {
            try {
                return connectTo(parsed.at(gateway), transport, token, properties, parsed.withoutSecrets());
            } catch (SQLException e) {
                if (parsed.gateways().size() == 1 || !unreachable(e)) {
                    throw e; // a gateway that answered, or a setting that would fail at every gateway
                }
                unreachable.add(gateway + ": " + e.getMessage());
            }
        }
        throw new SQLNonTransientConnectionException(
                "None of the " + unreachable.size() + " Sluice gateways of the URL could be reached: "
                        + String.join("; ", unreachable),
                SqlStates.CANNOT_CONNECT);
    }

    /** Opens the connection at the one gateway of {@code url}. */
    private Connection connectTo(
            SluiceUrl url,
            TransportConfig transport,
            @Nullable String token,
            Properties connectionProperties,
            String reportedUrl)
            throws SQLException {
        Properties properties = new Properties();
        properties.putAll(connectionProperties);
        String address = url.address(transport.tls());
        properties.setProperty(BuiltInConnectionProperty.URL.camelName(), address);
        RequestTimeouts timeouts = new RequestTimeouts(transport.requestTimeout());
        Connection connection;
        try {
            connection = PooledHttpClientFactory.connecting(
                    transport, timeouts, token, () -> super.connect(SluiceUrl.PREFIX, properties));
        } catch (AvaticaClientRuntimeException e) {
            // the transport's failures carry an 08xxx SQLState and say what to check; a gateway that answered and
            // refused the connection (bad option value, too many connections) gives its own SQLState
            String state = e.getSqlState() == null || e.getSqlState().equals(SqlStates.SUCCESS)
                    ? SqlStates.REJECTED
                    : e.getSqlState();
            throw SqlExceptions.of(String.valueOf(e.getMessage()), state, e.getErrorCode(), e);
        } catch (SQLException e) {
            throw SqlExceptions.withSubclass(e);
        } catch (RuntimeException e) {
            throw new SQLNonTransientConnectionException(
                    "Cannot connect to the Sluice gateway at " + address + ": " + rootMessage(e),
                    SqlStates.CANNOT_CONNECT,
                    e);
        }
        if (connection == null) {
            throw new SQLNonTransientConnectionException(
                    "Avatica's driver did not open a connection to " + address, SqlStates.CANNOT_CONNECT);
        }
        // the gateway knows the connection by Avatica's id, which the driver made and sent in openConnection
        AvaticaConnection avatica = connection.unwrap(AvaticaConnection.class);
        FlinkLexicalRules.apply(avatica);
        String connectionId = avatica.id;
        return TranslatingProxy.wrap(
                connection,
                new SessionLink(
                        SessionRequests.of(
                                url.host(), url.port(), transport, connectionId, timeouts, properties, token),
                        timeouts,
                        reportedUrl));
    }

    /** Whether connecting failed because nothing answered at the gateway's address (not a refusal or TLS). */
    private static boolean unreachable(SQLException failure) {
        // also Netty's connect timeout, a subclass
        return CauseChain.of(failure).stream().anyMatch(cause -> cause instanceof java.net.ConnectException);
    }

    /**
     * Sluice's connection properties, with their descriptions, current values (from {@code url} and {@code info}),
     * defaults and choices, then {@code serialization}, {@code user} and {@code password}.
     *
     * @throws SQLException 08001 if {@code url} is a malformed Sluice URL
     */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, @Nullable Properties info) throws SQLException {
        Properties given = new Properties();
        if (info != null) {
            given.putAll(info);
        }
        if (url != null && SluiceUrl.accepts(url)) {
            given.putAll(SluiceUrl.parse(url).properties());
        }
        return KnownProperties.info(given);
    }

    /**
     * The {@code token} property, or null; a token with a user or password is refused, as the gateway would take
     * only one of them.
     *
     * @throws SQLException 08001 if a user or password is given with the token
     */
    private static @Nullable String bearerToken(Properties given) throws SQLException {
        String token = given.getProperty(SluiceDriverProperty.TOKEN.camelName());
        if (token == null || token.isBlank()) {
            return null;
        }
        if (!given.getProperty("user", "").isEmpty()
                || !given.getProperty("password", "").isEmpty()) {
            throw new SQLNonTransientConnectionException(
                    "Give either token or user and password, not both", SqlStates.CANNOT_CONNECT);
        }
        return token.trim();
    }

    /**
     * JDBC's standard {@code user} and {@code password} become Avatica's HTTP Basic credentials (unless
     * {@code avatica_user} is given), and the password is never sent to the gateway as a connection property.
     */
    private static void sendCredentialsAsBasic(Properties properties) {
        String user = properties.getProperty("user");
        String password = (String) properties.remove("password");
        if (user != null && !properties.containsKey(BuiltInConnectionProperty.AVATICA_USER.camelName())) {
            properties.setProperty(BuiltInConnectionProperty.AUTHENTICATION.camelName(), "BASIC");
            properties.setProperty(BuiltInConnectionProperty.AVATICA_USER.camelName(), user);
            properties.setProperty(
                    BuiltInConnectionProperty.AVATICA_PASSWORD.camelName(), password == null ? "" : password);
        }
    }

    private static String rootMessage(Throwable failure) {
        return CauseChain.root(failure).toString();
    }

    private static int[] majorMinor(String version) {
        String[] parts = version.split("[.-]");
        try {
            return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
        } catch (NumberFormatException e) {
            return new int[] {0, 0};
        }
    }
}
