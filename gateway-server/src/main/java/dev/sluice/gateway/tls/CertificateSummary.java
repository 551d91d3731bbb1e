package dev.sluice.gateway.tls;

import java.security.cert.X509Certificate;
import java.time.Instant;

import static java.util.Objects.requireNonNull;

/** What the logs say about a certificate: subject, issuer, serial number and validity. */
public record CertificateSummary(String subject, String issuer, String serialNumber, Instant notAfter) {
    public CertificateSummary {
        requireNonNull(subject, "subject is null");
        requireNonNull(issuer, "issuer is null");
        requireNonNull(serialNumber, "serialNumber is null");
        requireNonNull(notAfter, "notAfter is null");
    }

    static CertificateSummary of(X509Certificate certificate) {
        return new CertificateSummary(
                certificate.getSubjectX500Principal().getName(),
                certificate.getIssuerX500Principal().getName(),
                certificate.getSerialNumber().toString(16),
                certificate.getNotAfter().toInstant());
    }

    @Override
    public String toString() {
        return "subject '" + subject + "', issuer '" + issuer + "', serial " + serialNumber + ", expires " + notAfter;
    }
}
