package dev.sluice.jdbc.shell;

import dev.sluice.jdbc.ProgressListener;
import dev.sluice.jdbc.SluiceConnection;
import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.logging.Logger;

import static java.util.Objects.requireNonNull;

/** The Sluice driver, with a progress listener on every connection it makes; for the shell only. */
final class ProgressLineDriver implements Driver {
    private final Driver sluice;
    private final Supplier<ProgressListener> listeners;
    private final Duration interval;

    ProgressLineDriver(Driver sluice, Supplier<ProgressListener> listeners, Duration interval) {
        this.sluice = requireNonNull(sluice, "sluice is null");
        this.listeners = requireNonNull(listeners, "listeners is null");
        this.interval = requireNonNull(interval, "interval is null");
    }

    @Override
    public @Nullable Connection connect(String url, Properties info) throws SQLException {
        Connection connection = sluice.connect(url, info);
        if (connection != null) {
            connection.unwrap(SluiceConnection.class).setProgressListener(listeners.get(), interval);
        }
        return connection;
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
        return sluice.acceptsURL(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        return sluice.getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
        return sluice.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
        return sluice.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return sluice.jdbcCompliant();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return sluice.getParentLogger();
    }
}
