package dev.sluice.retry;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.Locale;

/** How durations appear in messages and logs. */
public final class TimeFormat {
    private TimeFormat() {}

    /** A configured duration the way Flink writes it, in its largest exact unit: {@code 100 ms}, {@code 1 s}. */
    public static String duration(Duration duration) {
        return TimeUtils.formatWithHighestUnit(duration);
    }

    /** A measured time: whole milliseconds below a second ({@code 850 ms}), else tenths of seconds ({@code 1.2 s}). */
    public static String elapsed(Duration elapsed) {
        if (elapsed.compareTo(Duration.ofSeconds(1)) < 0) {
            return elapsed.toMillis() + " ms";
        }
        return String.format(Locale.ROOT, "%.1f s", elapsed.toMillis() / 1000.0);
    }

    /** {@code duration} in milliseconds with the fraction kept, without overflow for any duration. */
    static double millis(Duration duration) {
        return duration.getSeconds() * 1000.0 + duration.getNano() / 1_000_000.0;
    }
}
