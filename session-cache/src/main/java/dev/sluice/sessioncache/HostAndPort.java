package dev.sluice.sessioncache;

import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/** A host name or address and a TCP port. */
public record HostAndPort(String host, int port) {
    private static final Pattern HOST_NAME_OR_IPV4 = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*(%[A-Za-z0-9._-]+)?");

    public HostAndPort {
        requireNonNull(host, "host is null");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host is blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be between 1 and 65535, was " + port);
        }
    }

    /**
     * Parses {@code host:port}; an IPv6 literal is written in brackets ({@code [::1]:8081}).
     *
     * @param key the option the value came from, named in the error message
     */
    public static HostAndPort parse(String key, String value) {
        requireNonNull(value, "value is null");
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new IllegalArgumentException(key + " must be host:port, was '" + value + "'");
        }
        String host = value.substring(0, colon);
        boolean bracketed = host.startsWith("[") && host.endsWith("]");
        if (bracketed) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException(key + " must be host:port with a host, was '" + value + "'");
        }
        // catches lists and stray separators ("zk1:2181;zk2:2181", "jm:8081:9") that would otherwise pass as a host
        if (!(bracketed ? IPV6 : HOST_NAME_OR_IPV4).matcher(host).matches()) {
            throw new IllegalArgumentException(key + " must be host:port with a host name or address (an IPv6 address"
                    + " in brackets), was '" + value + "'");
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be host:port with a numeric port, was '" + value + "'", e);
        }
        if (port < 1 || port > 65535 || host.isBlank()) {
            throw new IllegalArgumentException(
                    key + " must be host:port with a port between 1 and 65535, was '" + value + "'");
        }
        return new HostAndPort(host, port);
    }

    @Override
    public String toString() {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }
}
