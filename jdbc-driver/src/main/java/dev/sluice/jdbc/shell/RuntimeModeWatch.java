package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * Whether a connection's session runs in streaming mode, where a query's result may be endless or a changelog: read
 * from the listing of the session's options ({@code SET} without arguments), once, and again after a {@code SET} or
 * {@code RESET} went through the shell. Without {@code execution.runtime-mode} in the listing, the gateway's default
 * (batch) holds.
 */
final class RuntimeModeWatch {
    private static final String RUNTIME_MODE = "execution.runtime-mode";
    private static final Pattern CHANGES_OPTIONS = Pattern.compile("(?is)\\s*(set|reset)\\b.*");
    private static final Pattern RESETS_OPTIONS = Pattern.compile("(?is)\\s*reset\\b.*");

    private final Connection connection;
    private @Nullable Boolean streaming; // null: to be read

    RuntimeModeWatch(Connection connection) {
        this.connection = requireNonNull(connection, "connection is null");
    }

    boolean streaming() throws SQLException {
        Boolean known = streaming;
        if (known != null) {
            return known;
        }
        boolean read = false;
        try (Statement statement = connection.createStatement();
                ResultSet options = statement.executeQuery("SET")) {
            while (options.next()) {
                if (RUNTIME_MODE.equals(options.getString(1))) {
                    String value = options.getString(2);
                    read = value != null && value.toLowerCase(Locale.ROOT).equals("streaming");
                }
            }
        }
        streaming = read;
        return read;
    }

    /** Tells the watch that {@code sql} ran (or failed) on the connection. */
    void ran(String sql) {
        if (changesOptions(sql)) {
            streaming = null;
        }
    }

    static boolean changesOptions(String sql) {
        return CHANGES_OPTIONS.matcher(sql).matches();
    }

    static boolean resetsOptions(String sql) {
        return RESETS_OPTIONS.matcher(sql).matches();
    }
}
