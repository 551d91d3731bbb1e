package dev.sluice.gateway.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static java.util.Objects.requireNonNull;

/**
 * TLS of the gateway port. Each new connection takes the current context; a background check rebuilds the context
 * when a certificate, key or trust file changes on disk and swaps it in atomically, so operators rotate certificates
 * without a restart. Connections already open keep the context they started with.
 */
public final class ServerTls implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServerTls.class);

    private final ServerTlsContextBuilder builder;
    private final TlsConfig config;
    private final AtomicReference<ServerTlsContext> current;
    private final @Nullable ScheduledExecutorService reloader;
    // written only by the reloader thread (and before it starts)
    private byte[] fingerprint;
    // files that changed at the last check; reloaded once a check finds them unchanged since
    private byte @Nullable [] pendingFingerprint;

    private ServerTls(TlsConfig config, ServerTlsContextBuilder builder, ServerTlsContext first, byte[] fingerprint) {
        this.config = config;
        this.builder = builder;
        this.current = new AtomicReference<>(first);
        this.fingerprint = fingerprint;
        if (config.reloadInterval().isZero()) {
            this.reloader = null;
        } else {
            this.reloader =
                    Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("sluice-tls-reload", true));
            long period = config.reloadInterval().toMillis();
            reloader.scheduleWithFixedDelay(this::reloadIfChanged, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Builds the first context and logs what the port serves.
     *
     * @throws IllegalStateException if OPENSSL is configured and not available
     * @throws TlsSetupException if the files cannot be used
     */
    public static ServerTls start(TlsConfig config) {
        requireNonNull(config, "config is null");
        SslProvider provider = TlsProviderSelection.select(config.provider());
        ServerTlsContextBuilder builder = new ServerTlsContextBuilder(config, provider);
        byte[] fingerprint = fingerprint(config);
        ServerTlsContext first = builder.build();
        LOG.info(
                "TLS on the gateway port: provider {}, protocols {}, cipher suites {}, client certificates {}, "
                        + "certificate {}",
                TlsProviderSelection.describe(provider),
                config.protocols(),
                config.cipherSuites().isEmpty() ? "(forward-secret defaults)" : config.cipherSuites(),
                config.clientAuth() == dev.sluice.gateway.tls.ClientAuthMode.REQUIRE ? "required" : "not asked",
                first.certificate());
        return new ServerTls(config, builder, first, fingerprint);
    }

    /** A handler for a new connection, with the current certificate. */
    public SslHandler newHandler(ByteBufAllocator allocator) {
        return current.get().context().newHandler(allocator);
    }

    /** The engine in use: OPENSSL or JDK. */
    public SslProvider provider() {
        return current.get().provider();
    }

    /** The certificate new connections get. */
    public CertificateSummary certificate() {
        return current.get().certificate();
    }

    /** Rebuilds the context if a watched file changed; a file that cannot be used keeps the old context. */
    void reloadIfChanged() {
        byte[] now;
        try {
            now = fingerprint(config);
        } catch (TlsSetupException e) {
            LOG.warn("TLS files not reloaded, new connections keep the current certificate: {}", e.getMessage());
            return;
        }
        if (Arrays.equals(now, fingerprint)) {
            pendingFingerprint = null;
            return;
        }
        if (!Arrays.equals(now, pendingFingerprint)) {
            // a rotation may be half written (new certificate, old key; the JDK provider does not check that they
            // match): wait until the files have stayed the same for one whole check
            pendingFingerprint = now;
            return;
        }
        try {
            ServerTlsContext next = builder.build();
            current.set(next);
            fingerprint = now;
            pendingFingerprint = null;
            LOG.info("TLS files changed; new connections get certificate {}", next.certificate());
        } catch (RuntimeException e) { // TlsSetupException, or whatever Netty throws for a bad file
            // an exception escaping this scheduled task would cancel every later check without a word
            LOG.warn("TLS files changed but cannot be used, keeping the current certificate: {}", e.getMessage());
        }
    }

    private static byte[] fingerprint(TlsConfig config) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : config.watchedFiles()) {
                digest.update(file.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(file));
            }
            return digest.digest();
        } catch (IOException e) {
            throw new TlsSetupException("Cannot read a TLS file: " + e, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }

    @Override
    public void close() {
        if (reloader != null) {
            reloader.shutdownNow();
        }
    }
}
