package dev.sluice.gateway.testing;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A throw-away certificate authority for tests: certificates are generated in the test (EC P-256, fast to make) and
 * written to a temporary directory, never checked in.
 */
public final class TestPki {
    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

    /** A certificate and its key pair. */
    public record Issued(X509Certificate certificate, KeyPair keys) {}

    private final Issued ca;

    private TestPki(Issued ca) {
        this.ca = ca;
    }

    /** A new self-signed CA named {@code name}. */
    static TestPki create(String name) throws Exception {
        KeyPair keys = newKeys();
        X500Name subject = new X500Name("CN=" + name);
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                subject,
                serial(),
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(30))),
                subject,
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        return new TestPki(new Issued(sign(builder, keys), keys));
    }

    public Issued ca() {
        return ca;
    }

    /** A server certificate for {@code localhost}, valid now. */
    public Issued server(String name) throws Exception {
        Instant now = Instant.now();
        return issue(name, List.of("localhost"), now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)), false);
    }

    /** A server certificate for {@code localhost} that expired yesterday. */
    public Issued expiredServer(String name) throws Exception {
        Instant now = Instant.now();
        return issue(name, List.of("localhost"), now.minus(Duration.ofDays(10)), now.minus(Duration.ofDays(1)), false);
    }

    /** A client certificate. */
    public Issued client(String name) throws Exception {
        Instant now = Instant.now();
        return issue(name, List.of(), now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(30)), true);
    }

    private Issued issue(String name, List<String> dnsNames, Instant notBefore, Instant notAfter, boolean client)
            throws Exception {
        KeyPair keys = newKeys();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                ca.certificate(),
                serial(),
                Date.from(notBefore),
                Date.from(notAfter),
                new X500Name("CN=" + name),
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        builder.addExtension(
                Extension.extendedKeyUsage,
                false,
                new ExtendedKeyUsage(client ? KeyPurposeId.id_kp_clientAuth : KeyPurposeId.id_kp_serverAuth));
        if (!dnsNames.isEmpty()) {
            GeneralName[] names = dnsNames.stream()
                    .map(dns -> new GeneralName(GeneralName.dNSName, dns))
                    .toArray(GeneralName[]::new);
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
        }
        return new Issued(sign(builder, ca.keys()), keys);
    }

    /** Writes the CA certificate as PEM. */
    Path writeCaPem(Path file) throws IOException {
        writePem(file, ca.certificate());
        return file;
    }

    /** Writes {@code issued}'s certificate (with the CA after it) and its PKCS#8 key as PEM. */
    public void writePem(Issued issued, Path certificateFile, Path keyFile) throws IOException {
        writePem(certificateFile, issued.certificate(), ca.certificate());
        writePem(keyFile, new JcaPKCS8Generator(issued.keys().getPrivate(), null).generate());
    }

    /** Writes {@code issued} with its chain into a PKCS#12 keystore. */
    void writePkcs12(Issued issued, Path file, String password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("key", issued.keys().getPrivate(), password.toCharArray(), new Certificate[] {
            issued.certificate(), ca.certificate()
        });
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
    }

    /** Writes the CA certificate into a PKCS#12 truststore. */
    void writeTrustStore(Path file, String password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("ca", ca.certificate());
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
    }

    private static void writePem(Path file, Object... objects) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            for (Object object : objects) {
                writer.writeObject(object);
            }
        }
        // write then move: a reader never sees half a file (certificate rotation reads these while they change)
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), "pem", ".tmp");
        Files.writeString(temporary, text.toString(), StandardCharsets.US_ASCII);
        Files.move(
                temporary,
                file,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static KeyPair newKeys() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }

    private static BigInteger serial() {
        return BigInteger.valueOf(SERIALS.incrementAndGet());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer) throws Exception {
        ContentSigner contentSigner = new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(builder.build(contentSigner));
    }
}
