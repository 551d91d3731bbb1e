package dev.sluice.gateway.security;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;
import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of authentication on the gateway port; reference: docs/configuration.md. */
public final class AuthenticationOptions {
    private static final String PREFIX = "sluice.security.authentication.";

    public static final ConfigOption<List<AuthenticationMethod>> METHODS = key(PREFIX + "methods")
            .enumType(AuthenticationMethod.class)
            .asList()
            .noDefaultValue()
            .withDescription("How clients prove who they are: PASSWORD (HTTP Basic, as Avatica's"
                    + " authentication=BASIC sends it), JWT (an HTTP Bearer token), CERTIFICATE (mutual TLS), or"
                    + " several; a request is judged by the credentials it carries."
                    + " Empty means no authentication, allowed only on a loopback address unless"
                    + " allow-none-on-any-address is set.");

    public static final ConfigOption<String> PASSWORD_FILE = key(PREFIX + "password.file")
            .stringType()
            .noDefaultValue()
            .withDescription("File of user:bcrypt-hash lines (htpasswd -B, Trino's password file) for PASSWORD;"
                    + " read again when it changes.");

    public static final ConfigOption<Duration> PASSWORD_REFRESH_INTERVAL = key(PREFIX + "password.refresh-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(5))
            .withDescription("How often the password file is looked at for changes; a changed file is read again.");

    public static final ConfigOption<String> JWT_KEY_FILE = key(PREFIX + "jwt.key-file")
            .stringType()
            .noDefaultValue()
            .withDescription("For JWT: a JWKS file (JSON) or a PEM public key (RSA or EC) that signs the tokens;"
                    + " read again when it changes, so keys can be rotated without a restart.");

    public static final ConfigOption<Duration> JWT_REFRESH_INTERVAL = key(PREFIX + "jwt.refresh-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(5))
            .withDescription("For JWT: how often the key file is looked at for changes; a changed file is read again"
                    + " (one that no longer parses keeps the previous keys, with a warning).");

    public static final ConfigOption<String> JWT_ISSUER = key(PREFIX + "jwt.issuer")
            .stringType()
            .noDefaultValue()
            .withDescription("For JWT: the iss claim every token must carry.");

    public static final ConfigOption<String> JWT_AUDIENCE = key(PREFIX + "jwt.audience")
            .stringType()
            .noDefaultValue()
            .withDescription("For JWT: an aud value every token must carry.");

    public static final ConfigOption<String> JWT_USER_CLAIM = key(PREFIX + "jwt.user-claim")
            .stringType()
            .defaultValue("sub")
            .withDescription("For JWT: the claim that names the user.");

    public static final ConfigOption<String> CERTIFICATE_USER_ATTRIBUTE = key(PREFIX + "certificate.user-attribute")
            .stringType()
            .noDefaultValue()
            .withDescription("The attribute of a client certificate's subject that names the user, such as CN;"
                    + " empty for the whole subject (RFC 2253).");

    public static final ConfigOption<Boolean> ALLOW_NONE_ON_ANY_ADDRESS = key(PREFIX + "allow-none-on-any-address")
            .booleanType()
            .defaultValue(false)
            .withDescription("Allow a gateway without authentication on an address other than loopback; anyone who"
                    + " reaches the port can then run SQL, and the start-up log warns.");

    private AuthenticationOptions() {}
}
