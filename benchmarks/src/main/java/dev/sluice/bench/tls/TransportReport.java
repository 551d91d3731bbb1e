package dev.sluice.bench.tls;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The benchmark's Markdown: one row per cell, then the ratios OPENSSL/JDK and TLS/plaintext per cell. */
final class TransportReport {
    private TransportReport() {}

    static String render(Map<Cell, CellResult> results, Duration warmup, Duration measure) {
        StringBuilder out = new StringBuilder();
        out.append("Per cell: %s warm-up, %s measured; MB/s counts result values; CPU s/GB is gateway + driver.%n%n"
                .formatted(warmup, measure));
        out.append("| provider | response | concurrency | connections | req/s | MB/s | p50 ms | p99 ms "
                + "| gateway CPU s/GB | total CPU s/GB |\n");
        out.append("|---|---|---|---|---|---|---|---|---|---|\n");
        results.forEach((cell, result) -> out.append(String.format(
                Locale.ROOT,
                "| %s | %s | %d | %s | %.0f | %.1f | %.2f | %.2f | %.1f | %.1f |%n",
                cell.provider(),
                size(cell.responseBytes()),
                cell.concurrency(),
                cell.mode(),
                result.requestsPerSecond(),
                result.megabytesPerSecond(),
                millis(result.p50()),
                millis(result.p99()),
                result.payloadBytes() == 0
                        ? Double.NaN
                        : result.gatewayCpu().toNanos() / 1e9 / (result.payloadBytes() / 1e9),
                result.cpuSecondsPerGigabyte())));
        out.append("\n| response | concurrency | connections | OPENSSL/JDK req/s | OPENSSL/JDK CPU per GB "
                + "| JDK/plaintext req/s | OPENSSL/plaintext req/s |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        results.keySet().stream()
                .filter(cell -> cell.provider() == Provider.OPENSSL)
                .forEach(cell -> {
                    Optional<CellResult> openSsl = find(results, cell, Provider.OPENSSL);
                    Optional<CellResult> jdk = find(results, cell, Provider.JDK);
                    Optional<CellResult> plain = find(results, cell, Provider.PLAINTEXT);
                    out.append(String.format(
                            Locale.ROOT,
                            "| %s | %d | %s | %s | %s | %s | %s |%n",
                            size(cell.responseBytes()),
                            cell.concurrency(),
                            cell.mode(),
                            ratio(openSsl, jdk, false),
                            ratio(openSsl, jdk, true),
                            ratio(jdk, plain, false),
                            ratio(openSsl, plain, false)));
                });
        return out.toString();
    }

    private static Optional<CellResult> find(Map<Cell, CellResult> results, Cell cell, Provider provider) {
        return Optional.ofNullable(
                results.get(new Cell(provider, cell.responseBytes(), cell.concurrency(), cell.keepAlive())));
    }

    private static String ratio(Optional<CellResult> top, Optional<CellResult> bottom, boolean cpu) {
        if (top.isEmpty() || bottom.isEmpty()) {
            return "—";
        }
        double a = cpu ? top.get().cpuSecondsPerGigabyte() : top.get().requestsPerSecond();
        double b = cpu ? bottom.get().cpuSecondsPerGigabyte() : bottom.get().requestsPerSecond();
        return String.format(Locale.ROOT, "%.2f", a / b);
    }

    private static String size(int bytes) {
        return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B";
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
