package dev.sluice.bench.compare;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * CPU time a process has used so far (user + system, all threads), read from {@code /proc/PID/stat}, and the part of
 * it its JIT compiler threads used, from {@code /proc/PID/task/TID/stat}.
 *
 * <p>Why the JIT's part: a Flink cluster compiles its code paths for a minute and more of a short-query workload (on
 * this machine the JobManager's compiler threads still took half its CPU after 40 s), and that work is the cluster's
 * warm-up, not a query's cost. The compiler threads are those the JVM names "C1 CompilerThread" and "C2
 * CompilerThread" (15 characters of it in {@code comm}). A compiler thread the JVM stops while idle takes its time
 * out of the per-thread sum, so the part is a lower bound.
 */
final class ProcessCpu {
    /** Linux reports CPU time in clock ticks; USER_HZ is 100 on every common kernel configuration. */
    private static final long TICKS_PER_SECOND = 100;

    /** A process's CPU time so far, and its JIT compiler threads' part of it. */
    record Sample(Duration total, Duration jit) {
        /** The CPU used since {@code earlier}; a compiler thread that ended in between counts as no JIT time. */
        Sample minus(Sample earlier) {
            Duration jitSince = jit.minus(earlier.jit);
            return new Sample(total.minus(earlier.total), jitSince.isNegative() ? Duration.ZERO : jitSince);
        }

        Duration withoutJit() {
            return total.minus(jit);
        }
    }

    private ProcessCpu() {}

    static Sample of(long pid) {
        Path process = Path.of("/proc", String.valueOf(pid));
        try {
            return new Sample(parse(Files.readString(process.resolve("stat"))), jitThreads(process.resolve("task")));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read the CPU time of process " + pid + ": " + e.getMessage(), e);
        }
    }

    private static Duration jitThreads(Path tasks) throws IOException {
        Duration jit = Duration.ZERO;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                try {
                    if (isJitCompiler(Files.readString(thread.resolve("comm")).strip())) {
                        jit = jit.plus(parse(Files.readString(thread.resolve("stat"))));
                    }
                } catch (NoSuchFileException e) {
                    // the thread ended between the listing and the read
                } catch (IOException e) {
                    // the same, seen while reading: /proc answers ESRCH ("No such process") for a thread that ended
                    // after its file was opened; before, that failed the whole sample and its cell showed 0 ms
                }
            }
        }
        return jit;
    }

    static boolean isJitCompiler(String threadName) {
        return threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre");
    }

    /** Parses a stat line; the command name in parentheses may contain spaces, so fields count from its ')'. */
    static Duration parse(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // after the name: state is field 3 of proc(5), utime 14 and stime 15
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }
}
