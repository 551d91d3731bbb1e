package dev.sluice.bench.workload;

import java.util.Arrays;
import java.util.Locale;

/**
 * The kind of gateway a statement of a workload is for: Sluice declares shared catalogs in its configuration, the
 * stock Flink SQL Gateway must create them on every connection.
 */
public enum SystemKind {
    SLUICE,
    STOCK;

    /** The name a workload file writes: {@code sluice} or {@code stock}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code label} in a workload file or on the command line. */
    static SystemKind of(String label) {
        return Arrays.stream(values())
                .filter(kind -> kind.label().equals(label))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalArgumentException("unknown system '" + label + "'; known are sluice and stock"));
    }

    /** The kind behind a JDBC URL: Flink's driver ({@code jdbc:flink:}) talks to the stock gateway. */
    public static SystemKind ofUrl(String jdbcUrl) {
        return jdbcUrl.startsWith("jdbc:flink:") ? STOCK : SLUICE;
    }
}
