package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlStates;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * A parsed {@code jdbc:sluice://host:port} URL with its properties.
 *
 * <p>Grammar: {@code jdbc:sluice://GATEWAY[,GATEWAY...][/][;key=value]*} or with a query string
 * {@code jdbc:sluice://GATEWAY[,GATEWAY...][/]?key=value[&key=value]*}, where a GATEWAY is {@code HOST[:PORT]}. An
 * IPv6 host is written in brackets. The port defaults to {@value #DEFAULT_PORT}. With several gateways, a connection
 * goes to the first that answers, in the order written.
 *
 * @param gateways the gateways' addresses, in order; at least one
 * @param properties the properties written in the URL, in order
 */
public record SluiceUrl(List<Gateway> gateways, Map<String, String> properties) {
    /** The prefix every Sluice URL starts with. */
    public static final String PREFIX = "jdbc:sluice:";

    /** The gateway's default port. */
    public static final int DEFAULT_PORT = 8765;

    private static final String SLASHES = "//";

    /**
     * One gateway's address.
     *
     * @param host the gateway's host name or address
     * @param port the gateway's port
     */
    public record Gateway(String host, int port) {
        /** Creates an address. */
        public Gateway {
            requireNonNull(host, "host is null");
        }

        /** {@code host:port}, an IPv6 host in brackets. */
        @Override
        public String toString() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    /** Creates a URL; {@code gateways} and {@code properties} are copied. */
    public SluiceUrl {
        gateways = List.copyOf(gateways);
        if (gateways.isEmpty()) {
            throw new IllegalArgumentException("a Sluice URL names at least one gateway");
        }
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** A URL of one gateway; {@code properties} is copied. */
    public SluiceUrl(String host, int port, Map<String, String> properties) {
        this(List.of(new Gateway(host, port)), properties);
    }

    /** The first gateway's host. */
    public String host() {
        return gateways.get(0).host();
    }

    /** The first gateway's port. */
    public int port() {
        return gateways.get(0).port();
    }

    /** This URL with {@code gateway} as its only gateway. */
    public SluiceUrl at(Gateway gateway) {
        return new SluiceUrl(List.of(gateway), properties);
    }

    /**
     * Returns whether {@code url} is a Sluice URL (it may still be malformed).
     *
     * @param url a JDBC URL
     * @return true if it starts with {@value #PREFIX}
     */
    public static boolean accepts(String url) {
        return url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /**
     * Parses {@code url}.
     *
     * @param url a JDBC URL that {@link #accepts(String)}
     * @return the parsed URL
     * @throws SQLException with SQLState 08001 if the URL is malformed, saying what is expected
     */
    public static SluiceUrl parse(String url) throws SQLException {
        String rest = url.substring(PREFIX.length());
        if (!rest.startsWith(SLASHES)) {
            throw invalid(url, "the host must follow '" + PREFIX + "//'");
        }
        rest = rest.substring(SLASHES.length());
        int end = indexOfAny(rest, ";?/");
        String authority = end < 0 ? rest : rest.substring(0, end);
        String tail = end < 0 ? "" : rest.substring(end);
        if (tail.startsWith("/")) {
            tail = tail.substring(1);
        }
        List<Gateway> gateways = new ArrayList<>();
        for (String gateway : authority.split(",", -1)) {
            gateways.add(gateway(url, gateway.trim()));
        }
        return new SluiceUrl(gateways, properties(url, tail));
    }

    private static Gateway gateway(String url, String authority) throws SQLException {
        String host;
        String portText = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw invalid(url, "an IPv6 host must be closed with ']'");
            }
            host = authority.substring(1, close);
            if (close + 1 < authority.length()) {
                if (authority.charAt(close + 1) != ':') {
                    throw invalid(url, "expected ':' and a port after the IPv6 host");
                }
                portText = authority.substring(close + 2);
            }
        } else {
            int colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? null : authority.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw invalid(url, "the host is missing");
        }
        int port = DEFAULT_PORT;
        if (portText != null) {
            try {
                port = Integer.parseInt(portText);
            } catch (NumberFormatException e) {
                throw invalid(url, "the port must be a number, was '" + portText + "'");
            }
            if (port < 1 || port > 65535) {
                throw invalid(url, "the port must be between 1 and 65535, was " + port);
            }
        }
        return new Gateway(host, port);
    }

    private static Map<String, String> properties(String url, String tail) throws SQLException {
        Map<String, String> properties = new LinkedHashMap<>();
        if (tail.isEmpty()) {
            return properties;
        }
        String separator;
        if (tail.startsWith("?")) {
            separator = "&";
            tail = tail.substring(1);
        } else if (tail.startsWith(";")) {
            separator = ";";
            tail = tail.substring(1);
        } else {
            throw invalid(url, "properties must follow ';' or '?', found '" + tail + "'");
        }
        for (String pair : tail.split(separator)) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw invalid(url, "property '" + pair + "' must be key=value");
            }
            properties.put(
                    pair.substring(0, equals).trim(), pair.substring(equals + 1).trim());
        }
        return properties;
    }

    /**
     * This URL as {@code DatabaseMetaData.getURL()} reports it: {@code jdbc:sluice://host:port} with the URL's
     * properties, less those whose name says they hold a secret (passwords, tokens).
     *
     * @return the URL without secrets
     */
    public String withoutSecrets() {
        StringBuilder url = new StringBuilder(PREFIX).append(SLASHES);
        url.append(String.join(",", gateways.stream().map(Gateway::toString).toList()));
        properties.forEach((key, value) -> {
            String name = key.toLowerCase(Locale.ROOT);
            if (!name.contains("password") && !name.contains("token") && !name.contains("secret")) {
                url.append(';').append(key).append('=').append(value);
            }
        });
        return url.toString();
    }

    /**
     * The gateway's HTTP address for Avatica.
     *
     * @return {@code http://host:port}
     */
    public String httpAddress() {
        return address(false);
    }

    /**
     * The gateway's address for Avatica, with or without TLS.
     *
     * @param tls whether the connection uses TLS
     * @return {@code https://host:port} or {@code http://host:port}
     */
    public String address(boolean tls) {
        return (tls ? "https://" : "http://") + gateways.get(0).toString().toLowerCase(Locale.ROOT);
    }

    private static int indexOfAny(String text, String characters) {
        for (int i = 0; i < text.length(); i++) {
            if (characters.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    private static SQLException invalid(String url, String problem) {
        return new SQLNonTransientConnectionException(
                "Invalid Sluice URL '" + url + "': " + problem + "; expected jdbc:sluice://HOST:PORT[;key=value...]",
                SqlStates.CANNOT_CONNECT);
    }
}
