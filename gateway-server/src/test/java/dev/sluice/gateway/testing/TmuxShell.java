package dev.sluice.gateway.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/sluice-sql} in a real terminal: a tmux server of its own (so nothing else's terminal is touched), one
 * window of a fixed size, keys typed into it and its screen read back. Closing it stops the server and the shell.
 */
public final class TmuxShell implements AutoCloseable {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();

    private final String socket = "sluice-shell-it-" + UUID.randomUUID();

    private TmuxShell() {}

    /** Starts the shell on {@code jdbcUrl} in a window of 200 by 50, without building anything first. */
    public static TmuxShell start(String jdbcUrl) throws IOException, InterruptedException {
        TmuxShell shell = new TmuxShell();
        shell.tmux(
                "new-session",
                "-d",
                "-s",
                "shell",
                "-x",
                "200",
                "-y",
                "50",
                "-e",
                "SLUICE_SKIP_BUILD=1",
                PROJECT_ROOT.resolve("bin/sluice-sql") + " '" + jdbcUrl + "'");
        return shell;
    }

    /** Types {@code line} and Enter. */
    public void type(String line) throws IOException, InterruptedException {
        // with a space after it: tmux takes an argument that ends in ';' for the end of its own command
        tmux("send-keys", "-t", "shell", "-l", line + " ");
        tmux("send-keys", "-t", "shell", "Enter");
    }

    /** Presses a key by tmux's name for it, e.g. {@code C-c}. */
    public void press(String key) throws IOException, InterruptedException {
        tmux("send-keys", "-t", "shell", key);
    }

    /** What the window shows now. */
    public String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", "shell");
    }

    /** What the window shows now and the lines that scrolled out of it, up to 2,000. */
    public String history() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-S", "-2000", "-t", "shell");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        tmux("kill-server");
    }

    private String tmux(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("tmux " + String.join(" ", arguments) + " did not end in 30 s");
        }
        return output;
    }
}
