package dev.sluice.push;

import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.io.Serializable;
import java.time.Duration;
import java.util.Base64;

import static java.util.Objects.requireNonNull;

/** The validated options of one push sink, shipped with the job; the secret never appears in {@link #toString}. */
record PushSinkSettings(
        String host,
        int port,
        long resultId,
        byte[] secret,
        @Nullable String trustedCertificates,
        int batchBytes,
        Duration flushInterval,
        Duration connectTimeout,
        Duration ackTimeout)
        implements Serializable {
    PushSinkSettings {
        requireNonNull(host, "host is null");
        requireNonNull(secret, "secret is null");
        requireNonNull(flushInterval, "flushInterval is null");
        requireNonNull(connectTimeout, "connectTimeout is null");
        requireNonNull(ackTimeout, "ackTimeout is null");
        check(
                port > 0 && port <= 65535,
                "'%s' must have a port from 1 to 65535, was %s",
                PushSinkOptions.ADDRESS,
                port);
        check(
                secret.length > 0 && secret.length <= PushWire.MAX_SECRET_BYTES,
                "'%s' must decode to 1 to %s bytes, was %s",
                PushSinkOptions.SECRET,
                PushWire.MAX_SECRET_BYTES,
                secret.length);
        check(
                batchBytes >= 1 && batchBytes <= PushWire.MAX_FRAME_BYTES - PushWire.ROWS_HEADER_BYTES,
                "'%s' must be from 1 byte to %s bytes, was %s",
                PushSinkOptions.BATCH_SIZE,
                PushWire.MAX_FRAME_BYTES - PushWire.ROWS_HEADER_BYTES,
                batchBytes);
        check(
                isPositive(flushInterval),
                "'%s' must be positive, was %s",
                PushSinkOptions.FLUSH_INTERVAL,
                flushInterval);
        check(
                isPositive(connectTimeout),
                "'%s' must be positive, was %s",
                PushSinkOptions.CONNECT_TIMEOUT,
                connectTimeout);
        check(isPositive(ackTimeout), "'%s' must be positive, was %s", PushSinkOptions.ACK_TIMEOUT, ackTimeout);
    }

    static PushSinkSettings from(ReadableConfig options) {
        String address = options.get(PushSinkOptions.ADDRESS);
        int colon = address.lastIndexOf(':');
        check(colon > 0, "'%s' must be host:port, was '%s'", PushSinkOptions.ADDRESS, address);
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1); // an IPv6 literal
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    String.format("'%s' must be host:port, was '%s'", PushSinkOptions.ADDRESS.key(), address), e);
        }
        byte[] secret;
        try {
            secret = Base64.getUrlDecoder().decode(options.get(PushSinkOptions.SECRET));
        } catch (IllegalArgumentException e) {
            // the message of the decoder may quote the secret: say only what is wrong
            throw new IllegalArgumentException(
                    String.format("'%s' must be URL-safe base64", PushSinkOptions.SECRET.key()), null);
        }
        return new PushSinkSettings(
                host,
                port,
                options.get(PushSinkOptions.RESULT_ID),
                secret,
                options.getOptional(PushSinkOptions.TRUSTED_CERTIFICATES).orElse(null),
                (int) Math.min(
                        Integer.MAX_VALUE,
                        options.get(PushSinkOptions.BATCH_SIZE).getBytes()),
                options.get(PushSinkOptions.FLUSH_INTERVAL),
                options.get(PushSinkOptions.CONNECT_TIMEOUT),
                options.get(PushSinkOptions.ACK_TIMEOUT));
    }

    String address() {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }

    @Override
    public byte[] secret() {
        return secret.clone();
    }

    @Override
    public String toString() {
        return "PushSinkSettings[address=" + address() + ", resultId=" + resultId + ", tls="
                + (trustedCertificates != null) + ", batchBytes=" + batchBytes + ", flushInterval=" + flushInterval
                + "]";
    }

    private static boolean isPositive(Duration duration) {
        return !duration.isNegative() && !duration.isZero();
    }

    private static void check(boolean condition, String format, Object... arguments) {
        if (!condition) {
            Object[] named = arguments.clone();
            for (int i = 0; i < named.length; i++) {
                if (named[i] instanceof org.apache.flink.configuration.ConfigOption<?> option) {
                    named[i] = option.key();
                }
            }
            throw new IllegalArgumentException(String.format(format, named));
        }
    }
}
