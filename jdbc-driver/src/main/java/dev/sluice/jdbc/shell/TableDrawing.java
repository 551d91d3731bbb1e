package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text of the table view's live table on a terminal of {@code width} by {@code height}: a frame with the rows that
 * fit, and a status line that says how many rows there are, how many changes made them, and whether the bound was hit.
 * No line is as wide as the terminal, so that none wraps and the drawing keeps the height it says it has.
 */
final class TableDrawing {
    // the frame's borders and header, the status line, and the line the cursor waits on
    private static final int FIXED_LINES = 6;

    private TableDrawing() {}

    /** How far the changelog got. */
    record Status(long changes, long leftOut, int maxRows) {}

    static List<String> lines(List<String> labels, List<TableRow> rows, Status status, int width, int height) {
        int fitting = Math.max(1, height - FIXED_LINES);
        List<TableRow> shown = rows.subList(0, Math.min(rows.size(), fitting));
        int[] widths = widths(labels, shown);
        String border = border(widths);
        List<String> lines = new ArrayList<>();
        lines.add(border);
        lines.add(row(labels, widths));
        lines.add(border);
        for (TableRow row : shown) {
            lines.add(row(row.texts(), widths));
        }
        lines.add(border);
        lines.add(statusLine(rows.size(), shown.size(), status));
        int maxLength = Math.max(1, width - 1);
        lines.replaceAll(line -> line.length() > maxLength ? line.substring(0, maxLength) : line);
        return lines;
    }

    private static int[] widths(List<String> labels, List<TableRow> rows) {
        int[] widths = new int[labels.size()];
        for (int column = 0; column < widths.length; column++) {
            widths[column] = labels.get(column).length();
            for (TableRow row : rows) {
                widths[column] =
                        Math.max(widths[column], text(row.texts().get(column)).length());
            }
        }
        return widths;
    }

    private static String border(int[] widths) {
        StringBuilder line = new StringBuilder("+");
        for (int width : widths) {
            line.append("-".repeat(width + 2)).append('+');
        }
        return line.toString();
    }

    private static String row(List<@Nullable String> texts, int[] widths) {
        StringBuilder line = new StringBuilder("|");
        for (int column = 0; column < widths.length; column++) {
            String text = text(texts.get(column));
            line.append(' ')
                    .append(text)
                    .append(" ".repeat(widths[column] - text.length()))
                    .append(" |");
        }
        return line.toString();
    }

    private static String text(@Nullable String value) {
        return value == null ? "null" : value;
    }

    private static String statusLine(int rows, int shown, Status status) {
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT, "%,d %s, %,d %s", rows, rows == 1 ? "row" : "rows", status.changes(), "changes"));
        if (shown < rows) {
            line.append(String.format(Locale.ROOT, " (%,d not on the screen)", rows - shown));
        }
        if (status.leftOut() > 0) {
            line.append(String.format(
                    Locale.ROOT, "; bound of %,d rows hit, %,d left out", status.maxRows(), status.leftOut()));
        }
        return line.append(" - Ctrl-C cancels").toString();
    }
}
