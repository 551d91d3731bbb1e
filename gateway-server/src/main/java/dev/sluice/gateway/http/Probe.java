package dev.sluice.gateway.http;

import static java.util.Objects.requireNonNull;

/**
 * The answer to a health or readiness check: whether the gateway passes it, and why, for the operator who reads the
 * body.
 */
public record Probe(boolean ok, String reason) {
    public Probe {
        requireNonNull(reason, "reason is null");
    }
}
