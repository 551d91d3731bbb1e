package dev.sluice.jdbc.shell;

import dev.sluice.jdbc.ProgressListener;
import dev.sluice.jdbc.QueryProgress;

import java.io.PrintStream;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * A status line on a terminal while a statement runs, rewritten in place ({@code \r} and erase-to-end-of-line), and
 * erased when the statement's call returns, before the shell prints its result.
 */
final class ProgressLine implements ProgressListener {
    private static final String ERASE = "\r\u001b[K";

    private final PrintStream terminal;
    private boolean shown; // only the driver's progress thread, and then the ended call after it, touch it

    ProgressLine(PrintStream terminal) {
        this.terminal = requireNonNull(terminal, "terminal is null");
    }

    @Override
    public synchronized void progress(QueryProgress progress) {
        terminal.print(ERASE + text(progress));
        terminal.flush();
        shown = true;
    }

    @Override
    public synchronized void executeEnded() {
        if (shown) {
            terminal.print(ERASE);
            terminal.flush();
            shown = false;
        }
    }

    /** For example {@code [reading] 12.3 s, 1,024 rows, job 61e4dde9d21b4c5e8a8f2b0c6d7e9f10}. */
    static String text(QueryProgress progress) {
        return String.format(
                Locale.ROOT,
                "[%s] %.1f s, %,d rows, job %s",
                progress.phase(),
                progress.elapsed().toMillis() / 1000.0,
                progress.rows(),
                progress.findJobId().orElse("not submitted yet"));
    }
}
