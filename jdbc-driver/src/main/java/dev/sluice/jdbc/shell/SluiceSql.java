package dev.sluice.jdbc.shell;

import dev.sluice.jdbc.SluiceDriver;
import sqlline.SqlLine;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collections;

/**
 * The entry point of {@code bin/sluice-sql}: sqlline, whose Sluice connections show a status line on the terminal while
 * a statement runs (phase, elapsed time, rows so far, the Flink job id), through the driver's progress listener.
 * Without a terminal (a script, a pipe) it is sqlline as it is.
 */
public final class SluiceSql {
    /** How often the status line asks the gateway. */
    static final Duration INTERVAL = Duration.ofMillis(500);

    private SluiceSql() {}

    /** Runs sqlline with {@code args}; see {@code bin/sluice-sql}. */
    public static void main(String[] args) throws Exception {
        if (System.console() != null) {
            showProgressOn(new PrintStream(System.err, true, StandardCharsets.UTF_8));
        }
        SqlLine.main(args);
    }

    /**
     * Puts a driver in front of the Sluice driver that gives every connection it makes a status line on
     * {@code terminal}; sqlline finds drivers through {@link DriverManager}, which asks them in the order they came.
     */
    static void showProgressOn(PrintStream terminal) throws SQLException {
        Driver sluice = new SluiceDriver();
        for (Driver registered : Collections.list(DriverManager.getDrivers())) {
            if (registered instanceof SluiceDriver) {
                DriverManager.deregisterDriver(registered);
            }
        }
        DriverManager.registerDriver(new ProgressLineDriver(sluice, () -> new ProgressLine(terminal), INTERVAL));
    }
}
