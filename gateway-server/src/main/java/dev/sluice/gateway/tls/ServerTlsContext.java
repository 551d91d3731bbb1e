package dev.sluice.gateway.tls;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslProvider;

import static java.util.Objects.requireNonNull;

/** One built server context and what it serves: immutable, replaced as a whole when the files change. */
record ServerTlsContext(SslContext context, SslProvider provider, CertificateSummary certificate) {
    ServerTlsContext {
        requireNonNull(context, "context is null");
        requireNonNull(provider, "provider is null");
        requireNonNull(certificate, "certificate is null");
    }
}
