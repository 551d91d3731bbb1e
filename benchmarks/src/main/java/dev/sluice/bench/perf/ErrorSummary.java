package dev.sluice.bench.perf;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Counts failed queries and keeps the first few distinct messages with how often each occurred. Thread-safe. */
final class ErrorSummary {
    static final int MAX_DISTINCT = 5;

    private final AtomicLong count = new AtomicLong();
    private final Map<String, Long> firstDistinct = new LinkedHashMap<>();

    void record(Exception failure) {
        count.incrementAndGet();
        String message = describe(failure);
        synchronized (firstDistinct) {
            if (firstDistinct.containsKey(message) || firstDistinct.size() < MAX_DISTINCT) {
                firstDistinct.merge(message, 1L, Long::sum);
            }
        }
    }

    long count() {
        return count.get();
    }

    /** The first distinct messages, in order of first occurrence, with their counts. */
    Map<String, Long> firstDistinct() {
        synchronized (firstDistinct) {
            return new LinkedHashMap<>(firstDistinct);
        }
    }

    private static String describe(Exception failure) {
        String message =
                String.valueOf(failure.getMessage()).lines().findFirst().orElse("");
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        if (failure instanceof SQLException sql && sql.getSQLState() != null) {
            return "[" + sql.getSQLState() + "] " + message;
        }
        return failure.getClass().getSimpleName() + ": " + message;
    }
}
