package dev.sluice.bench.tls;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * A throw-away CA and a gateway certificate for {@code localhost}, RSA-2048 like the measurements in the team's TLS
 * notes, written as PEM files.
 *
 * @param ca the CA certificate (what the driver trusts)
 * @param certificate the gateway's certificate chain
 * @param key the gateway's PKCS#8 key
 */
record BenchCertificates(Path ca, Path certificate, Path key) {
    static BenchCertificates create(Path directory) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair caKeys = generator.generateKeyPair();
        KeyPair serverKeys = generator.generateKeyPair();
        Instant now = Instant.now();
        X500Name caName = new X500Name("CN=Sluice benchmark CA");
        X509v3CertificateBuilder caBuilder = new JcaX509v3CertificateBuilder(
                caName,
                BigInteger.ONE,
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(7))),
                caName,
                caKeys.getPublic());
        caBuilder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        X509Certificate ca = sign(caBuilder, caKeys);
        X509v3CertificateBuilder serverBuilder = new JcaX509v3CertificateBuilder(
                caName,
                BigInteger.TWO,
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(7))),
                new X500Name("CN=localhost"),
                serverKeys.getPublic());
        serverBuilder.addExtension(
                Extension.subjectAlternativeName,
                false,
                new GeneralNames(new GeneralName(GeneralName.dNSName, "localhost")));
        X509Certificate server = sign(serverBuilder, caKeys);
        Files.createDirectories(directory);
        BenchCertificates files = new BenchCertificates(
                directory.resolve("ca.pem"), directory.resolve("gateway.pem"), directory.resolve("gateway-key.pem"));
        write(files.ca(), ca);
        write(files.certificate(), server, ca);
        write(files.key(), new JcaPKCS8Generator(serverKeys.getPrivate(), null).generate());
        return files;
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer) throws Exception {
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.getPrivate())));
    }

    private static void write(Path file, Object... objects) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
                JcaPEMWriter pem = new JcaPEMWriter(out)) {
            for (Object object : objects) {
                pem.writeObject(object);
            }
        }
    }
}
