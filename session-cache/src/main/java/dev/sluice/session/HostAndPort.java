package dev.sluice.session;

import static java.util.Objects.requireNonNull;

/** A host name or address and a TCP port. */
public record HostAndPort(String host, int port) {
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
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isBlank()) {
            throw new IllegalArgumentException(key + " must be host:port with a host, was '" + value + "'");
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
