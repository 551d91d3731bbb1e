package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

import static java.util.Objects.requireNonNull;

/**
 * The Sluice driver, with what the shell adds to every connection it makes (the status line, the streaming views); for
 * the shell only.
 */
final class ShellDriver implements Driver {
    private final Driver sluice;
    private final ConnectionSetup setup;

    /** What the shell does to a connection before sqlline gets it. */
    @FunctionalInterface
    interface ConnectionSetup {
        Connection setUp(Connection connection) throws SQLException;
    }

    ShellDriver(Driver sluice, ConnectionSetup setup) {
        this.sluice = requireNonNull(sluice, "sluice is null");
        this.setup = requireNonNull(setup, "setup is null");
    }

    @Override
    public @Nullable Connection connect(String url, Properties info) throws SQLException {
        Connection connection = sluice.connect(url, info);
        return connection == null ? null : setup.setUp(connection);
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
