package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.RemoteService;
import org.apache.calcite.avatica.remote.Service;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.Locale;

/**
 * Plugs the driver's decoding of fetch responses into Avatica (its {@code factory} property): the service of a
 * protobuf connection reads fetch responses with {@link FetchResponseDecoder}, everything else as Avatica's own
 * service does. A JSON connection gets Avatica's JSON service. Either sends through the connection's HTTP client
 * ({@code httpclient_factory}), as Avatica's driver would.
 */
public final class GatewayServiceFactory implements Service.Factory {
    /** The instance Avatica uses (it looks for this field). */
    public static final GatewayServiceFactory INSTANCE = new GatewayServiceFactory();

    /** Avatica's plugin loader needs a public constructor or the INSTANCE field; use {@link #INSTANCE}. */
    public GatewayServiceFactory() {}

    /**
     * The service of {@code connection}, as Avatica's driver creates it, but decoding protobuf fetch responses itself.
     *
     * @param connection the connection being opened, with its configuration
     * @return the service sending the connection's requests to its gateway
     */
    @Override
    public Service create(AvaticaConnection connection) {
        ConnectionConfig config = connection.config();
        AvaticaHttpClient client =
                config.httpClientFactory().getClient(url(config), config, connection.getKerberosConnection());
        return switch (serialization(config)) {
            case PROTOBUF -> new RemoteProtobufService(client, new FetchDecodingTranslation());
            case JSON -> new RemoteService(client);
        };
    }

    private static URL url(ConnectionConfig config) {
        String url = config.useClientSideLb() ? config.getLBStrategy().getLbURL(config) : config.url();
        try {
            return new URI(url).toURL();
        } catch (MalformedURLException | URISyntaxException | IllegalArgumentException e) {
            throw new IllegalArgumentException("The gateway URL is malformed: " + url, e);
        }
    }

    /** As Avatica's driver reads it: JSON unless given. */
    private static Driver.Serialization serialization(ConnectionConfig config) {
        String serialization = config.serialization();
        return serialization == null
                ? Driver.Serialization.JSON
                : Driver.Serialization.valueOf(serialization.toUpperCase(Locale.ROOT));
    }
}
