package dev.sluice.planner.flink;

import dev.sluice.errors.ExceptionChain;

/** The messages of an exception and its causes joined, each said once: Flink wraps a fault's text in its own. */
final class CausalMessages {
    private CausalMessages() {}

    static String of(Throwable failure) {
        StringBuilder message = new StringBuilder();
        for (Throwable cause : ExceptionChain.of(failure)) {
            String causeMessage = cause.getMessage();
            if (message.isEmpty()) {
                message.append(causeMessage);
            } else if (causeMessage != null && !message.toString().contains(causeMessage)) {
                message.append(": ").append(causeMessage);
            }
        }
        return message.toString();
    }
}
