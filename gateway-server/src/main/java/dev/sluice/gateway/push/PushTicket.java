package dev.sluice.gateway.push;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import static java.util.Objects.requireNonNull;

/**
 * What a sink must present to deliver one result: the result's id, which is not secret and only picks the result,
 * and a secret of 256 random bits, compared in constant time. {@link #toString} never shows the secret.
 */
public final class PushTicket {
    static final int SECRET_BYTES = 32;

    private final long resultId;
    private final byte[] secret;

    private PushTicket(long resultId, byte[] secret) {
        this.resultId = resultId;
        this.secret = secret;
    }

    static PushTicket issue(long resultId, SecureRandom random) {
        requireNonNull(random, "random is null");
        byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        return new PushTicket(resultId, secret);
    }

    public long resultId() {
        return resultId;
    }

    /** The secret as the sink's {@code secret} option takes it: URL-safe base64 without padding. */
    public String secretBase64() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** Whether {@code presented} is this ticket's secret; takes the same time wherever the bytes differ. */
    boolean matches(byte[] presented) {
        return MessageDigest.isEqual(secret, presented);
    }

    @Override
    public String toString() {
        return "PushTicket[resultId=" + resultId + "]";
    }
}
