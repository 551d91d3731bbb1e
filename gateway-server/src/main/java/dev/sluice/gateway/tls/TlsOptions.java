package dev.sluice.gateway.tls;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;
import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/**
 * Options of TLS on the gateway port; reference: docs/configuration.md.
 *
 * <p>They live under {@code sluice.security.ssl.} rather than Flink's {@code security.ssl.}: keys outside
 * {@code sluice.} are passed to Flink, and Flink reads {@code security.ssl.provider}, {@code security.ssl.keystore}
 * and friends (and {@code security.ssl.enabled} as a fallback key) for its own internal and REST TLS.
 */
public final class TlsOptions {
    private static final String PREFIX = "sluice.security.ssl.";

    public static final ConfigOption<Boolean> ENABLED = key(PREFIX + "enabled")
            .booleanType()
            .defaultValue(false)
            .withDescription("Serve TLS on the gateway port; then a plaintext client is refused with a message.");

    public static final ConfigOption<TlsProviderChoice> PROVIDER = key(PREFIX + "provider")
            .enumType(TlsProviderChoice.class)
            .defaultValue(TlsProviderChoice.AUTO)
            .withDescription("TLS engine: OPENSSL (BoringSSL via netty-tcnative; the gateway does not start if it "
                    + "cannot load), JDK, or AUTO (OPENSSL when its native library loads, else JDK with a warning).");

    public static final ConfigOption<List<String>> PROTOCOLS = key(PREFIX + "protocols")
            .stringType()
            .asList()
            .defaultValues("TLSv1.3", "TLSv1.2")
            .withDescription("TLS versions offered; TLSv1.3 and TLSv1.2 are allowed.");

    public static final ConfigOption<List<String>> CIPHER_SUITES = key(PREFIX + "cipher-suites")
            .stringType()
            .asList()
            .noDefaultValue()
            .withDescription("Cipher suites offered, in order of preference (IANA names, e.g. "
                    + "TLS_AES_128_GCM_SHA256); empty means the TLS 1.3 suites and TLS 1.2's ECDHE suites with GCM or"
                    + " ChaCha20-Poly1305, which all have forward secrecy.");

    public static final ConfigOption<String> CERTIFICATE = key(PREFIX + "certificate")
            .stringType()
            .noDefaultValue()
            .withDescription("PEM file with the server's certificate chain, the server's certificate first; "
                    + "with private-key, or use keystore instead.");

    public static final ConfigOption<String> PRIVATE_KEY = key(PREFIX + "private-key")
            .stringType()
            .noDefaultValue()
            .withDescription("PEM file with the PKCS#8 private key of the certificate.");

    public static final ConfigOption<String> PRIVATE_KEY_PASSWORD = key(PREFIX + "private-key-password")
            .stringType()
            .noDefaultValue()
            .withDescription("Password of an encrypted private key; empty for a plain key.");

    public static final ConfigOption<String> KEYSTORE = key(PREFIX + "keystore")
            .stringType()
            .noDefaultValue()
            .withDescription("PKCS#12 file with the server's key and certificate chain (instead of the PEM files).");

    public static final ConfigOption<String> KEYSTORE_PASSWORD = key(PREFIX + "keystore-password")
            .stringType()
            .noDefaultValue()
            .withDescription("Password of the keystore and of the key in it.");

    public static final ConfigOption<ClientAuthMode> CLIENT_AUTH = key(PREFIX + "client-auth")
            .enumType(ClientAuthMode.class)
            .defaultValue(ClientAuthMode.NONE)
            .withDescription("NONE, or REQUIRE for mutual TLS: every client presents a certificate that "
                    + "trusted-certificates or truststore vouches for.");

    public static final ConfigOption<String> TRUSTED_CERTIFICATES = key(PREFIX + "trusted-certificates")
            .stringType()
            .noDefaultValue()
            .withDescription("PEM file with the CA certificates that client certificates must chain to.");

    public static final ConfigOption<String> TRUSTSTORE = key(PREFIX + "truststore")
            .stringType()
            .noDefaultValue()
            .withDescription("PKCS#12 file with the CA certificates that client certificates must chain to "
                    + "(instead of trusted-certificates).");

    public static final ConfigOption<String> TRUSTSTORE_PASSWORD = key(PREFIX + "truststore-password")
            .stringType()
            .noDefaultValue()
            .withDescription("Password of the truststore.");

    public static final ConfigOption<Duration> RELOAD_INTERVAL = key(PREFIX + "reload-interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(10))
            .withDescription("How often the certificate, key and trust files are checked for changes; a change is "
                    + "used for new connections without a restart. 0 s turns the check off.");

    private TlsOptions() {}
}
