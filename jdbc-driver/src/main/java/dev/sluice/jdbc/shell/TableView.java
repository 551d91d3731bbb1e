package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

import static java.util.Objects.requireNonNull;

/**
 * The table view: a streaming result's changes applied to a bounded {@link MaterializedTable} as they arrive, drawn
 * again in place on the terminal while they do, and, when the result ends or the user cancels it, the table as it is
 * then, handed to sqlline to print as it prints any result. Without a terminal nothing is drawn: only the final table
 * is printed, once the query ends.
 *
 * <p>A result without an {@code op} first column (the session's result mode is {@code TABLE}) is all inserts.
 */
final class TableView {
    private static final String OP = "op";

    private final @Nullable LiveScreen screen;
    private final IntSupplier width;
    private final IntSupplier height;
    private final Duration redrawInterval;
    private final Consumer<String> notes;

    /**
     * @param screen where the live table is drawn; null when the output is not a terminal
     * @param notes where the view says that the query was cancelled or the bound was hit
     */
    TableView(
            @Nullable LiveScreen screen,
            IntSupplier width,
            IntSupplier height,
            Duration redrawInterval,
            Consumer<String> notes) {
        this.screen = screen;
        this.width = requireNonNull(width, "width is null");
        this.height = requireNonNull(height, "height is null");
        this.redrawInterval = requireNonNull(redrawInterval, "redrawInterval is null");
        this.notes = requireNonNull(notes, "notes is null");
    }

    /** Reads {@code changes} to their end (or the cancel) and returns the final table; closes {@code changes}. */
    ResultSet fold(ResultSet changes, int maxRows, BooleanSupplier cancelled) throws SQLException {
        ResultSetMetaData columns = changes.getMetaData();
        int skipped = columns.getColumnCount() > 0 && OP.equals(columns.getColumnLabel(1)) ? 1 : 0;
        List<String> labels = new ArrayList<>();
        for (int column = skipped + 1; column <= columns.getColumnCount(); column++) {
            labels.add(columns.getColumnLabel(column));
        }
        MaterializedTable<TableRow> table = new MaterializedTable<>(maxRows);
        boolean[] endedByCancel = {false};
        ResultSet rows = CancellableRows.of(changes, cancelled, ended -> endedByCancel[0] = ended);
        try (Redraws redraws = startRedraws(labels, table)) {
            while (rows.next()) {
                ChangeKind kind = skipped == 1 ? ChangeKind.fromOp(rows.getString(1)) : ChangeKind.INSERT;
                TableRow row = TableRow.read(rows, skipped + 1);
                synchronized (table) {
                    table.apply(kind, row);
                }
            }
        } finally {
            rows.close();
        }
        if (endedByCancel[0]) {
            notes.accept("Cancelled: the table as it was when the query was cancelled");
        }
        if (table.boundHit()) {
            notes.accept(String.format(
                    Locale.ROOT,
                    "The table view holds at most %,d rows: %,d inserts past that bound were left out (!view table"
                            + " ROWS raises it)",
                    table.maxRows(),
                    table.leftOut()));
        }
        return ListResultSet.of(ShownColumns.skipping(columns, skipped), table.rows());
    }

    private Redraws startRedraws(List<String> labels, MaterializedTable<TableRow> table) {
        LiveScreen live = screen;
        if (live == null) {
            return () -> {};
        }
        ScheduledExecutorService redrawing = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "sluice-shell-table-view");
            thread.setDaemon(true);
            return thread;
        });
        long[] drawnChanges = {-1};
        redrawing.scheduleWithFixedDelay(
                () -> {
                    List<TableRow> rows;
                    TableDrawing.Status status;
                    synchronized (table) {
                        if (table.changes() == drawnChanges[0]) {
                            return;
                        }
                        drawnChanges[0] = table.changes();
                        rows = table.rows();
                        status = new TableDrawing.Status(table.changes(), table.leftOut(), table.maxRows());
                    }
                    live.draw(TableDrawing.lines(labels, rows, status, width.getAsInt(), height.getAsInt()));
                },
                0,
                redrawInterval.toMillis(),
                TimeUnit.MILLISECONDS);
        return () -> {
            redrawing.shutdownNow();
            try {
                redrawing.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // sqlline prints the final table where the live one was
            live.erase();
        };
    }

    /** The live drawing while the changes arrive; closing it stops the drawing and takes it off the screen. */
    @FunctionalInterface
    private interface Redraws extends AutoCloseable {
        @Override
        void close();
    }
}
