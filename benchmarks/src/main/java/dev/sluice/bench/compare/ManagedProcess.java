package dev.sluice.bench.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A server process started for the comparison, with its output in a file; stopped with SIGTERM. */
public final class ManagedProcess implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path output;

    private ManagedProcess(String name, Process process, Path output) {
        this.name = name;
        this.process = process;
        this.output = output;
    }

    public static ManagedProcess start(String name, List<String> command, Map<String, String> environment, Path output)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().putAll(environment);
        return new ManagedProcess(name, builder.start(), output);
    }

    public long pid() {
        return process.pid();
    }

    /** Waits until a line of the output matches {@code pattern}; returns its first group (or the line). */
    public String awaitOutput(Pattern pattern, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> found = Files.readAllLines(output).stream()
                    .map(pattern::matcher)
                    .filter(Matcher::find)
                    .map(matcher -> matcher.groupCount() > 0 ? matcher.group(1) : matcher.group())
                    .findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + output);
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout + "; see " + output);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return name + " (PID " + process.pid() + ")";
    }
}
