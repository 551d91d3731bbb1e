package dev.sluice.jdbc.shell;

import dev.sluice.jdbc.SluiceConnection;
import dev.sluice.jdbc.SluiceDriver;
import sqlline.CommandHandler;
import sqlline.SqlLine;
import sqlline.SqlLineOpts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The entry point of {@code bin/sluice-sql}: sqlline with two additions.
 *
 * <ul>
 *   <li>On a terminal, a status line while a statement runs (phase, elapsed time, rows so far, the Flink job id),
 *       through the driver's progress listener.
 *   <li>The results of queries in streaming mode shown as they arrive, in the view that {@code !view} picks: tail
 *       (the default), changelog or table ({@link StreamingViews}). Batch results print as sqlline prints them.
 * </ul>
 */
public final class SluiceSql {
    /** How often the status line asks the gateway. */
    static final Duration INTERVAL = Duration.ofMillis(500);
    /** How often the table view draws its table again while changes arrive. */
    static final Duration REDRAW_INTERVAL = Duration.ofMillis(250);

    private SluiceSql() {}

    /** Runs sqlline with {@code args}; see {@code bin/sluice-sql}. */
    public static void main(String[] args) throws IOException, SQLException {
        SqlLine sqlLine = new SqlLine();
        ViewSetting setting = new ViewSetting();
        List<CommandHandler> commands = new ArrayList<>(sqlLine.getCommandHandlers());
        commands.add(new ViewCommand(sqlLine, setting));
        sqlLine.updateCommandHandlers(commands);

        boolean terminal = System.console() != null;
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        TableView tableView = new TableView(
                terminal ? new LiveScreen(out) : null,
                () -> sqlLine.getOpts().getMaxWidth(),
                () -> sqlLine.getOpts().getMaxHeight(),
                REDRAW_INTERVAL,
                sqlLine::info);
        StreamingViews views = new StreamingViews(setting, sqlLine, tableView);
        useShellDriver(connection -> {
            if (terminal) {
                connection.unwrap(SluiceConnection.class).setProgressListener(new ProgressLine(err), INTERVAL);
            }
            return ViewingConnection.wrap(connection, setting, views);
        });

        SqlLine.Status status = sqlLine.begin(args, null, true);
        // as SqlLine.main does
        if (!Boolean.getBoolean(SqlLineOpts.PROPERTY_NAME_EXIT)) {
            System.exit(status.ordinal());
        }
    }

    /**
     * Puts a driver in front of the Sluice driver that sets up every connection it makes for the shell; sqlline finds
     * drivers through {@link DriverManager}, which asks them in the order they came.
     */
    private static void useShellDriver(ShellDriver.ConnectionSetup setup) throws SQLException {
        Driver sluice = new SluiceDriver();
        for (Driver registered : Collections.list(DriverManager.getDrivers())) {
            if (registered instanceof SluiceDriver) {
                DriverManager.deregisterDriver(registered);
            }
        }
        DriverManager.registerDriver(new ShellDriver(sluice, setup));
    }
}
