package dev.sluice.gateway.push;

import dev.sluice.gateway.config.Checks;
import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static dev.sluice.gateway.push.ResultOptions.ADVERTISED_ADDRESS;
import static dev.sluice.gateway.push.ResultOptions.BIND_HOST;
import static dev.sluice.gateway.push.ResultOptions.HELLO_TIMEOUT;
import static dev.sluice.gateway.push.ResultOptions.LOST_CONNECTION_TIMEOUT;
import static dev.sluice.gateway.push.ResultOptions.MAX_BUFFERED_BYTES;
import static dev.sluice.gateway.push.ResultOptions.PORT;
import static java.util.Objects.requireNonNull;

/** How results reach the gateway, and its result endpoint, validated. */
public record ResultConfig(
        ResultTransport transport,
        String bindHost,
        int port,
        String advertisedHost,
        long maxBufferedBytes,
        Duration helloTimeout,
        Duration lostConnectionTimeout) {
    /** The least per-query buffer: one socket read's worth, so that a frame of rows can always be taken in. */
    public static final long MIN_BUFFERED_BYTES = 64 * 1024;

    public ResultConfig {
        requireNonNull(transport, "transport is null");
        requireNonNull(bindHost, "bindHost is null");
        requireNonNull(advertisedHost, "advertisedHost is null");
        requireNonNull(helloTimeout, "helloTimeout is null");
        requireNonNull(lostConnectionTimeout, "lostConnectionTimeout is null");
        Checks.check(!bindHost.isBlank(), "%s must not be blank", BIND_HOST.key());
        Checks.check(port >= 0 && port <= 65535, "%s must be from 0 to 65535, was %s", PORT.key(), port);
        Checks.check(
                !advertisedHost.isBlank() && !advertisedHost.contains("/") && !advertisedHost.contains(" "),
                "%s must be a host name or address without port or scheme, was '%s'",
                ADVERTISED_ADDRESS.key(),
                advertisedHost);
        Checks.check(
                !isWildcard(advertisedHost),
                "%s must be an address TaskManagers can dial, was '%s'; set it when %s is a wildcard",
                ADVERTISED_ADDRESS.key(),
                advertisedHost,
                BIND_HOST.key());
        Checks.check(
                maxBufferedBytes >= MIN_BUFFERED_BYTES,
                "%s must be at least 64kb, was %s bytes",
                MAX_BUFFERED_BYTES.key(),
                maxBufferedBytes);
        Checks.check(isPositive(helloTimeout), "%s must be positive, was %s", HELLO_TIMEOUT.key(), helloTimeout);
        Checks.check(
                isPositive(lostConnectionTimeout),
                "%s must be positive, was %s",
                LOST_CONNECTION_TIMEOUT.key(),
                lostConnectionTimeout);
    }

    public static ResultConfig from(ReadableConfig config) {
        String bindHost = config.get(BIND_HOST);
        return new ResultConfig(
                config.get(ResultOptions.TRANSPORT),
                bindHost,
                config.get(PORT),
                config.getOptional(ADVERTISED_ADDRESS)
                        .filter(host -> !host.isBlank())
                        .orElse(bindHost),
                config.get(MAX_BUFFERED_BYTES).getBytes(),
                config.get(HELLO_TIMEOUT),
                config.get(LOST_CONNECTION_TIMEOUT));
    }

    private static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    private static boolean isPositive(Duration duration) {
        return !duration.isNegative() && !duration.isZero();
    }
}
