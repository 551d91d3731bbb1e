package dev.sluice.gateway.security;

import dev.sluice.gateway.config.ServerOptions;
import dev.sluice.gateway.tls.ClientAuthMode;
import dev.sluice.gateway.tls.TlsOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * How the gateway authenticates requests.
 *
 * @param methods the methods offered, in the order tried; empty for none
 * @param passwordFile the password file of {@link AuthenticationMethod#PASSWORD}
 * @param passwordRefreshInterval how often the password file is looked at for changes
 * @param certificateUserAttribute the subject attribute that names a certificate's user, null for the whole subject
 * @param allowNoneOnAnyAddress whether no authentication is allowed on an address other than loopback
 * @param jwt how bearer tokens are checked; set exactly when {@link AuthenticationMethod#JWT} is a method
 */
public record AuthenticationConfig(
        List<AuthenticationMethod> methods,
        @Nullable Path passwordFile,
        Duration passwordRefreshInterval,
        @Nullable String certificateUserAttribute,
        boolean allowNoneOnAnyAddress,
        @Nullable JwtConfig jwt) {
    public AuthenticationConfig {
        methods = List.copyOf(methods);
        requireNonNull(passwordRefreshInterval, "passwordRefreshInterval is null");
        check(
                methods.stream().distinct().count() == methods.size(),
                AuthenticationOptions.METHODS.key() + " names a method twice, was " + methods);
        check(
                !methods.contains(AuthenticationMethod.PASSWORD) || passwordFile != null,
                AuthenticationOptions.METHODS.key() + " has PASSWORD, which needs "
                        + AuthenticationOptions.PASSWORD_FILE.key());
        check(
                methods.contains(AuthenticationMethod.JWT) == (jwt != null),
                AuthenticationOptions.METHODS.key() + " has JWT, which needs "
                        + AuthenticationOptions.JWT_KEY_FILE.key() + ", " + AuthenticationOptions.JWT_ISSUER.key()
                        + " and " + AuthenticationOptions.JWT_AUDIENCE.key());
        check(
                jwt == null || Files.isReadable(jwt.keyFile()),
                AuthenticationOptions.JWT_KEY_FILE.key() + " must be a readable file, was "
                        + (jwt == null ? null : jwt.keyFile()));
        check(
                passwordFile == null || Files.isReadable(passwordFile),
                AuthenticationOptions.PASSWORD_FILE.key() + " must be a readable file, was " + passwordFile);
        check(
                passwordRefreshInterval.compareTo(Duration.ZERO) > 0,
                AuthenticationOptions.PASSWORD_REFRESH_INTERVAL.key() + " must be positive, was "
                        + passwordRefreshInterval);
    }

    /** Whether requests are authenticated at all. */
    public boolean enabled() {
        return !methods.isEmpty();
    }

    /**
     * Reads and checks the options, and that they fit the gateway's address and TLS.
     *
     * @throws IllegalArgumentException naming the key, the value and what is allowed
     */
    public static AuthenticationConfig from(ReadableConfig config) {
        List<AuthenticationMethod> methods =
                config.getOptional(AuthenticationOptions.METHODS).orElse(List.of());
        String file = config.get(AuthenticationOptions.PASSWORD_FILE);
        String attribute = config.get(AuthenticationOptions.CERTIFICATE_USER_ATTRIBUTE);
        AuthenticationConfig result = new AuthenticationConfig(
                methods,
                file == null || file.isBlank() ? null : Path.of(file),
                config.get(AuthenticationOptions.PASSWORD_REFRESH_INTERVAL),
                attribute == null || attribute.isBlank() ? null : attribute.strip(),
                config.get(AuthenticationOptions.ALLOW_NONE_ON_ANY_ADDRESS),
                methods.contains(AuthenticationMethod.JWT) ? jwt(config) : null);
        if (methods.contains(AuthenticationMethod.CERTIFICATE)) {
            check(
                    config.get(TlsOptions.ENABLED) && config.get(TlsOptions.CLIENT_AUTH) != ClientAuthMode.NONE,
                    AuthenticationOptions.METHODS.key() + " has CERTIFICATE, which needs mutual TLS: "
                            + TlsOptions.ENABLED.key() + ": true and " + TlsOptions.CLIENT_AUTH.key() + ": REQUIRE");
        }
        String host = config.get(ServerOptions.HOST);
        check(
                result.enabled() || result.allowNoneOnAnyAddress() || isLoopback(host),
                AuthenticationOptions.METHODS.key() + " is empty (no authentication), which is allowed only on a"
                        + " loopback address, but " + ServerOptions.HOST.key() + " is " + host + "; configure a"
                        + " method, or set " + AuthenticationOptions.ALLOW_NONE_ON_ANY_ADDRESS.key() + ": true");
        return result;
    }

    /** The JWT options, or null when one of the three that JWT needs is missing (then the constructor says so). */
    private static @Nullable JwtConfig jwt(ReadableConfig config) {
        String keyFile = config.get(AuthenticationOptions.JWT_KEY_FILE);
        String issuer = config.get(AuthenticationOptions.JWT_ISSUER);
        String audience = config.get(AuthenticationOptions.JWT_AUDIENCE);
        if (keyFile == null
                || keyFile.isBlank()
                || issuer == null
                || issuer.isBlank()
                || audience == null
                || audience.isBlank()) {
            return null;
        }
        return new JwtConfig(
                Path.of(keyFile),
                issuer,
                audience,
                config.get(AuthenticationOptions.JWT_USER_CLAIM),
                config.get(AuthenticationOptions.JWT_REFRESH_INTERVAL));
    }

    /** Whether {@code host} resolves to loopback addresses only. */
    public static boolean isLoopback(String host) {
        try {
            InetAddress[] addresses = InetAddress.getAllByName(host);
            for (InetAddress address : addresses) {
                if (!address.isLoopbackAddress()) {
                    return false;
                }
            }
            return addresses.length > 0;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
