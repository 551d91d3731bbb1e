package dev.sluice.gateway.security;

import org.jspecify.annotations.Nullable;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * The user of a TLS client certificate that the handshake verified: its subject, or the value of one attribute of it
 * (such as {@code CN}).
 */
final class CertificateAuthenticator {
    private static final String METHOD = "certificate";

    private final @Nullable String attribute;

    /** @param attribute the subject attribute that names the user (e.g. {@code CN}); null for the whole subject */
    CertificateAuthenticator(@Nullable String attribute) {
        this.attribute = attribute;
    }

    GatewayUser authenticate(X509Certificate certificate) {
        String subject = certificate.getSubjectX500Principal().getName(X500Principal.RFC2253);
        if (attribute == null) {
            return new GatewayUser(subject);
        }
        try {
            List<Rdn> names = new LdapName(subject).getRdns();
            // LdapName lists the most specific name last; a subject with the attribute twice names its user last
            for (int i = names.size() - 1; i >= 0; i--) {
                Rdn name = names.get(i);
                if (name.getType().equalsIgnoreCase(attribute)) {
                    return new GatewayUser(String.valueOf(name.getValue()));
                }
            }
        } catch (InvalidNameException e) {
            throw new AuthenticationException(METHOD, "the client certificate's subject cannot be read");
        }
        throw new AuthenticationException(METHOD, "the client certificate's subject has no " + attribute);
    }
}
