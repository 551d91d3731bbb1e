package dev.sluice.gateway.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JWT key file rotated under a running gateway, as a key is rotated at an identity provider: tokens signed by the
 * new key are accepted and those of the removed key refused within the refresh interval, without a restart; a file
 * caught half-written keeps the keys read before.
 */
final class JwtKeyRotationIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path directory;

    @Test
    void tokensOfANewKeyWrittenOverTheFileAreAcceptedAndThoseOfTheOldKeyRefused() throws Exception {
        KeyPair first = rsaKeys();
        KeyPair next = rsaKeys();
        Path keyFile = directory.resolve("token-key.pem");
        Files.writeString(keyFile, pem(first));
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.authentication.methods", "JWT",
                "sluice.security.authentication.jwt.key-file", keyFile.toString(),
                "sluice.security.authentication.jwt.refresh-interval", "100 ms",
                "sluice.security.authentication.jwt.issuer", "https://issuer.example",
                "sluice.security.authentication.jwt.audience", "sluice"));
        URI base = URI.create("http://127.0.0.1:" + gateway.address().getPort() + "/");
        assertThat(openConnection(base, token(first))).isEqualTo(200);
        assertThat(openConnection(base, token(next))).isEqualTo(401);

        Files.writeString(keyFile, pem(next));

        Eventually.within(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(openConnection(base, token(next))).isEqualTo(200));
        assertThat(openConnection(base, token(first))).as("the removed key").isEqualTo(401);

        Files.writeString(keyFile, "-----BEGIN PUBLIC KEY-----\nhalf");
        Thread.sleep(300); // three refresh intervals: the broken file has been looked at
        assertThat(openConnection(base, token(next))).as("the keys read before").isEqualTo(200);
    }

    private int openConnection(URI base, String token) throws IOException, InterruptedException {
        String json = "{\"request\":\"openConnection\",\"connectionId\":\"" + UUID.randomUUID() + "\",\"info\":{}}";
        HttpRequest request = HttpRequest.newBuilder(base)
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String token(KeyPair keys) throws JOSEException {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader(JWSAlgorithm.RS256),
                new JWTClaimsSet.Builder()
                        .subject("carol")
                        .issuer("https://issuer.example")
                        .audience("sluice")
                        .expirationTime(Date.from(Instant.now().plus(Duration.ofMinutes(5))))
                        .build());
        jwt.sign(new RSASSASigner(keys.getPrivate()));
        return jwt.serialize();
    }

    private static String pem(KeyPair keys) {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(keys.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }

    private static KeyPair rsaKeys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }
}
