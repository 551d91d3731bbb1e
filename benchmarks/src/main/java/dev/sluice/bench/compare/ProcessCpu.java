package dev.sluice.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** CPU time a process has used so far (user + system, all threads), read from {@code /proc/PID/stat}. */
final class ProcessCpu {
    /** Linux reports CPU time in clock ticks; USER_HZ is 100 on every common kernel configuration. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessCpu() {}

    static Duration of(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the CPU time of process " + pid + ": " + e.getMessage(), e);
        }
        return parse(stat);
    }

    /** Parses a stat line; the command name in parentheses may contain spaces, so fields count from its ')'. */
    static Duration parse(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // after the name: state is field 3 of proc(5), utime 14 and stime 15
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }
}
