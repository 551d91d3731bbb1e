package dev.sluice.gateway.tls;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the configured provider into the engine that runs. Netty would quietly use the JDK when OpenSSL's native
 * library does not load; this class makes that choice visible: an error when OPENSSL was asked for, one warning with
 * the reason under AUTO.
 */
public final class TlsProviderSelection {
    private static final Logger LOG = LoggerFactory.getLogger(TlsProviderSelection.class);

    private TlsProviderSelection() {}

    /**
     * The engine for {@code choice}.
     *
     * @throws IllegalStateException if {@code choice} is OPENSSL and the native library did not load, with the reason
     */
    public static SslProvider select(TlsProviderChoice choice) {
        switch (choice) {
            case JDK:
                return SslProvider.JDK;
            case OPENSSL:
                if (!OpenSsl.isAvailable()) {
                    throw new IllegalStateException(TlsOptions.PROVIDER.key()
                            + " is OPENSSL but OpenSSL (netty-tcnative) is not available: "
                            + OpenSsl.unavailabilityCause());
                }
                return SslProvider.OPENSSL;
            case AUTO:
                if (OpenSsl.isAvailable()) {
                    return SslProvider.OPENSSL;
                }
                LOG.warn(
                        "TLS runs on the JDK's engine: OpenSSL (netty-tcnative) is not available ({}); set {} to JDK to "
                                + "silence this warning or to OPENSSL to refuse to start without it",
                        String.valueOf(OpenSsl.unavailabilityCause()),
                        TlsOptions.PROVIDER.key());
                return SslProvider.JDK;
        }
        throw new AssertionError(choice);
    }

    /** How the provider is named in logs: OPENSSL with its library version, or JDK. */
    public static String describe(SslProvider provider) {
        return provider == SslProvider.JDK ? "JDK" : "OPENSSL (" + OpenSsl.versionString() + ")";
    }
}
