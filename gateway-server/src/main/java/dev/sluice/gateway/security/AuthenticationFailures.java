package dev.sluice.gateway.security;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Refused requests by the method that failed, for {@code /metrics}. Thread-safe. */
public final class AuthenticationFailures {
    private final Map<String, LongAdder> byMethod = new ConcurrentHashMap<>();

    void record(String method) {
        byMethod.computeIfAbsent(method, key -> new LongAdder()).increment();
    }

    /** The failures so far, by method ({@code password}, {@code certificate}, {@code none}). */
    public Map<String, Long> snapshot() {
        Map<String, Long> counts = new TreeMap<>();
        byMethod.forEach((method, count) -> counts.put(method, count.sum()));
        return counts;
    }
}
