package dev.sluice.gateway.history;

import dev.sluice.gateway.config.SessionConfig;

/**
 * How much statement text one session's query history may hold.
 *
 * @param maxBytes the text of every entry together, at two bytes a character
 * @param maxStatementLength the longest statement or outcome an entry keeps, in characters
 */
public record HistoryLimits(int maxBytes, int maxStatementLength) {
    public static HistoryLimits of(SessionConfig config) {
        return new HistoryLimits(config.historyMaxBytes(), config.historyMaxStatementLength());
    }
}
