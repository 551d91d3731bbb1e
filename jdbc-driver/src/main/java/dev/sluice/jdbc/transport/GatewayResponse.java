package dev.sluice.jdbc.transport;

import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;

import static java.util.Objects.requireNonNull;

/** One HTTP response from the gateway, copied off the event loop's buffers. */
record GatewayResponse(int status, @Nullable String contentType, byte[] body, boolean keepAlive) {
    GatewayResponse {
        requireNonNull(body, "body is null");
    }

    /** Whether the body is a plain-text message (the gateway's transport-level answers) rather than Avatica. */
    boolean isText() {
        return contentType != null && contentType.startsWith("text/plain");
    }

    String text() {
        return new String(body, StandardCharsets.UTF_8).strip();
    }
}
