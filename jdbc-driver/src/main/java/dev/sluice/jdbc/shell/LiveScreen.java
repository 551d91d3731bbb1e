package dev.sluice.jdbc.shell;

import java.io.PrintStream;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Lines on a terminal drawn again in place: each drawing moves the cursor back up over the last one and erases it
 * (ANSI cursor-up and erase-below, which every terminal sqlline runs in understands).
 */
final class LiveScreen {
    private static final String ERASE_BELOW = "\u001b[J";

    private final PrintStream terminal;
    private int shown; // lines of the last drawing, still on the screen

    LiveScreen(PrintStream terminal) {
        this.terminal = requireNonNull(terminal, "terminal is null");
    }

    synchronized void draw(List<String> lines) {
        StringBuilder drawing = new StringBuilder(backOverLastDrawing());
        for (String line : lines) {
            drawing.append(line).append('\n');
        }
        terminal.print(drawing);
        terminal.flush();
        shown = lines.size();
    }

    /** Takes the last drawing off the screen, leaving the cursor where it began. */
    synchronized void erase() {
        terminal.print(backOverLastDrawing());
        terminal.flush();
        shown = 0;
    }

    private String backOverLastDrawing() {
        return shown == 0 ? "" : "\r\u001b[" + shown + "A" + ERASE_BELOW;
    }
}
