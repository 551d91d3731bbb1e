package dev.sluice.gateway.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class JwtAuthenticatorTest {
    private static final String ISSUER = "https://issuer.example";

    @TempDir
    Path directory;

    private final AtomicLong nanos = new AtomicLong();
    private KeyPair keys;
    private JwtAuthenticator tokens;

    @BeforeEach
    void trustOneKey() throws Exception {
        keys = rsaKeys();
        tokens = new JwtAuthenticator(config(pem(keys)), nanos::get);
    }

    @Test
    void namesTheUserOfAValidToken() throws JOSEException {
        assertThat(tokens.authenticate(token(keys, claims().build()))).isEqualTo(new GatewayUser("carol"));
    }

    @Test
    void readsKeysFromAJwksFileToo() throws Exception {
        Path jwks = Files.writeString(
                directory.resolve("keys.json"),
                new JWKSet(new RSAKey.Builder((RSAPublicKey) keys.getPublic()).build()).toString());
        JwtAuthenticator fromJwks = new JwtAuthenticator(config(jwks), nanos::get);

        assertThat(fromJwks.authenticate(token(keys, claims().build()))).isEqualTo(new GatewayUser("carol"));
    }

    @Test
    void refusesAnExpiredToken() throws JOSEException {
        String expired = token(
                keys,
                claims().expirationTime(Date.from(Instant.now().minus(Duration.ofHours(1))))
                        .build());

        assertThatThrownBy(() -> tokens.authenticate(expired))
                .isInstanceOf(AuthenticationException.class)
                .hasMessageStartingWith("Authentication failed (jwt): the token was refused: Expired JWT");
    }

    @Test
    void refusesATokenForAnotherAudienceOrFromAnotherIssuer() throws JOSEException {
        String otherAudience = token(keys, claims().audience("other").build());
        String otherIssuer = token(keys, claims().issuer("https://evil.example").build());

        assertThatThrownBy(() -> tokens.authenticate(otherAudience)).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> tokens.authenticate(otherIssuer)).isInstanceOf(AuthenticationException.class);
    }

    @Test
    void refusesATokenWithoutExpiry() throws JOSEException {
        String forever = token(keys, claims().expirationTime(null).build());

        assertThatThrownBy(() -> tokens.authenticate(forever)).isInstanceOf(AuthenticationException.class);
    }

    @Test
    void refusesATokenSignedByAnotherKeyUnsignedOrWithASharedSecret() throws Exception {
        String otherKey = token(rsaKeys(), claims().build());
        String unsigned = new PlainJWT(claims().build()).serialize();
        SignedJWT hmac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims().build());
        hmac.sign(new MACSigner(new byte[32]));

        assertThatThrownBy(() -> tokens.authenticate(otherKey)).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> tokens.authenticate(unsigned)).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> tokens.authenticate(hmac.serialize())).isInstanceOf(AuthenticationException.class);
        assertThatThrownBy(() -> tokens.authenticate("not a token"))
                .hasMessage("Authentication failed (jwt): the bearer token is not a JWT");
    }

    @Test
    void refusesAKeyFileThatHoldsNoKey() throws IOException {
        Path garbage = Files.writeString(directory.resolve("garbage.pem"), "hello");

        assertThatThrownBy(() -> new JwtAuthenticator(config(garbage), nanos::get))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sluice.security.authentication.jwt.key-file " + garbage
                        + " must be a JWKS file or a PEM public key (RSA or EC)");
    }

    @Test
    void readsARotatedKeyFileAfterTheRefreshIntervalAndKeepsTheKeysOfAFileThatNoLongerParses() throws Exception {
        KeyPair next = rsaKeys();
        String byNext = token(next, claims().build());
        String byFirst = token(keys, claims().build());
        Path file = directory.resolve("key.pem");
        Files.writeString(file, pemText(next));

        assertThatThrownBy(() -> tokens.authenticate(byNext))
                .as("not looked at again before the interval")
                .isInstanceOf(AuthenticationException.class);
        nanos.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(tokens.authenticate(byNext)).isEqualTo(new GatewayUser("carol"));
        assertThatThrownBy(() -> tokens.authenticate(byFirst))
                .as("the old key is gone")
                .isInstanceOf(AuthenticationException.class);

        Files.writeString(file, "half-written");
        nanos.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(tokens.authenticate(byNext)).isEqualTo(new GatewayUser("carol"));
    }

    @Test
    void refusesARefreshIntervalThatIsNotPositive() {
        assertThatThrownBy(() -> new JwtConfig(directory.resolve("key.pem"), ISSUER, "sluice", "sub", Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.security.authentication.jwt.refresh-interval must be positive, was PT0S");
    }

    private JwtConfig config(Path keyFile) {
        return new JwtConfig(keyFile, ISSUER, "sluice", "sub", Duration.ofSeconds(5));
    }

    private static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder()
                .subject("carol")
                .issuer(ISSUER)
                .audience("sluice")
                .expirationTime(Date.from(Instant.now().plus(Duration.ofMinutes(5))));
    }

    static String token(KeyPair keys, JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
        jwt.sign(new RSASSASigner(keys.getPrivate()));
        return jwt.serialize();
    }

    static KeyPair rsaKeys() throws NoSuchAlgorithmException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    private Path pem(KeyPair keys) throws IOException {
        return Files.writeString(directory.resolve("key.pem"), pemText(keys));
    }

    private static String pemText(KeyPair keys) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(keys.getPublic().getEncoded());
        return "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n";
    }
}
