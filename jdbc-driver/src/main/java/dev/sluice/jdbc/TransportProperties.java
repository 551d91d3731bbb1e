package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlStates;
import dev.sluice.jdbc.transport.ProviderChoice;
import dev.sluice.jdbc.transport.StoreFile;
import dev.sluice.jdbc.transport.TransportConfig;
import org.jspecify.annotations.Nullable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/** Reads the driver's transport properties into a {@link TransportConfig}, with messages that name the property. */
final class TransportProperties {
    private final Map<SluiceDriverProperty, String> values = new EnumMap<>(SluiceDriverProperty.class);

    private TransportProperties(Properties properties) {
        for (String name : properties.stringPropertyNames()) {
            SluiceDriverProperty property = SluiceDriverProperty.find(name);
            if (property != null) {
                values.put(property, properties.getProperty(name).trim());
            }
        }
    }

    /**
     * Parses the transport properties among {@code properties}.
     *
     * @throws SQLException with SQLState 08001 naming the property, its value and what is allowed
     */
    static TransportConfig parse(Properties properties) throws SQLException {
        try {
            return new TransportProperties(properties).toConfig();
        } catch (IllegalArgumentException e) {
            throw new SQLNonTransientConnectionException(
                    "Invalid Sluice connection property: " + e.getMessage(), SqlStates.CANNOT_CONNECT, e);
        }
    }

    private TransportConfig toConfig() {
        Path trustStore = file(SluiceDriverProperty.TRUSTSTORE);
        Path keyStore = file(SluiceDriverProperty.KEYSTORE);
        return new TransportConfig(
                bool(SluiceDriverProperty.SSL),
                choice(SluiceDriverProperty.SSL_PROVIDER, ProviderChoice.class),
                file(SluiceDriverProperty.SSL_CA),
                trustStore == null
                        ? null
                        : new StoreFile(
                                trustStore,
                                text(SluiceDriverProperty.TRUSTSTORE_PASSWORD, ""),
                                storeType(SluiceDriverProperty.TRUSTSTORE_TYPE)),
                file(SluiceDriverProperty.SSL_CERT),
                file(SluiceDriverProperty.SSL_KEY),
                values.get(SluiceDriverProperty.SSL_KEY_PASSWORD),
                keyStore == null
                        ? null
                        : new StoreFile(
                                keyStore,
                                text(SluiceDriverProperty.KEYSTORE_PASSWORD, ""),
                                storeType(SluiceDriverProperty.KEYSTORE_TYPE)),
                hostnameVerification(),
                bool(SluiceDriverProperty.KEEP_ALIVE),
                (int) Math.min(Integer.MAX_VALUE, number(SluiceDriverProperty.POOL_MAX_CONNECTIONS)),
                Duration.ofMillis(number(SluiceDriverProperty.POOL_IDLE_TIMEOUT_MS)),
                Duration.ofMillis(number(SluiceDriverProperty.CONNECT_TIMEOUT_MS)),
                Duration.ofMillis(number(SluiceDriverProperty.POOL_ACQUIRE_TIMEOUT_MS)),
                Duration.ofMillis(number(SluiceDriverProperty.REQUEST_TIMEOUT_MS)));
    }

    private boolean hostnameVerification() {
        String value =
                text(SluiceDriverProperty.HOSTNAME_VERIFICATION, "STRICT").toUpperCase(Locale.ROOT);
        check(
                value.equals("STRICT") || value.equals("NONE"),
                SluiceDriverProperty.HOSTNAME_VERIFICATION,
                "STRICT or NONE");
        return value.equals("STRICT");
    }

    private boolean bool(SluiceDriverProperty property) {
        String value = text(property, String.valueOf(property.defaultValue())).toLowerCase(Locale.ROOT);
        check(value.equals("true") || value.equals("false"), property, "true or false");
        return value.equals("true");
    }

    private <E extends Enum<E>> E choice(SluiceDriverProperty property, Class<E> type) {
        String value = text(property, String.valueOf(property.defaultValue())).toUpperCase(Locale.ROOT);
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            throw invalid(property, java.util.Arrays.toString(type.getEnumConstants()));
        }
    }

    private long number(SluiceDriverProperty property) {
        String value = text(property, String.valueOf(property.defaultValue()));
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw invalid(property, "a whole number");
        }
    }

    private String storeType(SluiceDriverProperty property) {
        String value = text(property, String.valueOf(property.defaultValue())).toUpperCase(Locale.ROOT);
        check(value.equals("PKCS12") || value.equals("JKS"), property, "PKCS12 or JKS");
        return value;
    }

    private @Nullable Path file(SluiceDriverProperty property) {
        String value = values.get(property);
        if (value == null || value.isEmpty()) {
            return null;
        }
        Path path = Path.of(value);
        check(Files.isReadable(path), property, "a readable file");
        return path;
    }

    private String text(SluiceDriverProperty property, String fallback) {
        String value = values.get(property);
        return value == null || value.isEmpty() ? fallback : value;
    }

    private void check(boolean condition, SluiceDriverProperty property, String allowed) {
        if (!condition) {
            throw invalid(property, allowed);
        }
    }

    private IllegalArgumentException invalid(SluiceDriverProperty property, String allowed) {
        return new IllegalArgumentException(
                property.camelName() + " must be " + allowed + ", was '" + values.get(property) + "'");
    }
}
