package dev.sluice.gateway.security;

import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * Checks HTTP Basic credentials against a {@link PasswordFile}.
 *
 * <p>A check costs the same whether or not the user exists: for an unknown user the password is checked against a
 * hash of a random password with the cost of the file's own hashes, so the time of a refusal does not tell which
 * user names exist.
 *
 * <p>bcrypt is slow on purpose (tens of milliseconds at cost 10), and Avatica clients send their credentials with
 * every request. So a successful check is remembered as a SHA-256 digest of the password next to the hash it was
 * checked against; a later request with the same password is accepted without bcrypt while the file keeps that
 * hash. Failures are never remembered, so guessing still pays bcrypt's price for every guess.
 */
final class PasswordAuthenticator {
    private static final String METHOD = "password";
    private static final int DEFAULT_COST = 10;

    private final PasswordFile file;
    private final Map<String, Verified> verified = new ConcurrentHashMap<>();
    private final String decoyHash;

    PasswordAuthenticator(PasswordFile file) {
        this.file = requireNonNull(file, "file is null");
        this.decoyHash = decoyHash(file.anyHash());
    }

    /**
     * The user of a {@code Basic} authorization header.
     *
     * @throws AuthenticationException if the header is malformed, or the user or password is wrong (without saying
     *     which)
     */
    GatewayUser authenticate(String basicCredentials) {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(basicCredentials.strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new AuthenticationException(METHOD, "the Basic credentials are not base 64");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new AuthenticationException(METHOD, "the Basic credentials are not user:password");
        }
        String user = decoded.substring(0, colon);
        String password = decoded.substring(colon + 1);
        String hash = file.hashOf(user);
        byte[] digest = sha256(password);
        Verified remembered = verified.get(user);
        if (hash != null
                && remembered != null
                && remembered.hash.equals(hash)
                && MessageDigest.isEqual(remembered.passwordDigest, digest)) {
            return new GatewayUser(user);
        }
        boolean matches = checkPassword(hash == null ? decoyHash : hash, password);
        if (hash == null || !matches) {
            throw new AuthenticationException(METHOD, "wrong user name or password");
        }
        verified.put(user, new Verified(hash, digest));
        return new GatewayUser(user);
    }

    private static boolean checkPassword(String hash, String password) {
        try {
            return OpenBSDBCrypt.checkPassword(hash, password.toCharArray());
        } catch (IllegalArgumentException e) { // a password over bcrypt's 72 bytes, or a hash it cannot read
            return false;
        }
    }

    /** A hash of a random password, with the cost of {@code sample} (or bcrypt's usual 10 for an empty file). */
    private static String decoyHash(@Nullable String sample) {
        int cost = sample == null ? DEFAULT_COST : Integer.parseInt(sample.substring(4, 6));
        SecureRandom random = new SecureRandom();
        byte[] salt = new byte[16];
        random.nextBytes(salt);
        char[] password = Base64.getEncoder().encodeToString(salt).toCharArray();
        random.nextBytes(salt);
        return OpenBSDBCrypt.generate("2b", password, salt, cost);
    }

    private static byte[] sha256(String password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    private record Verified(String hash, byte[] passwordDigest) {}
}
