package dev.sluice.gateway.config;

/** Argument checks whose messages name the option, the value and what is allowed. */
public final class Checks {
    private Checks() {}

    /** Throws {@link IllegalArgumentException} with the formatted message unless {@code condition} holds. */
    public static void check(boolean condition, String messageFormat, Object... arguments) {
        if (!condition) {
            throw new IllegalArgumentException(String.format(messageFormat, arguments));
        }
    }
}
