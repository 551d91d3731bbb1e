package dev.sluice.gateway.config;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;

import java.util.List;

/** The gateway's configuration has problems; the message lists all of them, one per line. */
public final class InvalidConfigurationException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public InvalidConfigurationException(List<String> problems) {
        super("Invalid configuration:\n  - " + String.join("\n  - ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.INVALID_CONFIGURATION;
    }
}
