package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * A streaming result whose end may be a cancel: once the user cancelled the statement (Ctrl-C), the failure that the
 * cancel makes of the next fetch ends the rows instead, so that the shell prints what came and returns to its prompt
 * without an error. Closing it runs {@code onClose} once, after closing the result (which stops a job still running).
 * Its metadata are the columns as the view shows them.
 */
final class CancellableRows implements InvocationHandler {
    private final ResultSet rows;
    private final ResultSetMetaData columns;
    private final BooleanSupplier cancelled;
    private final OnClose onClose;
    private boolean endedByCancel;
    private boolean closed;

    /** What to do when the rows are closed. */
    @FunctionalInterface
    interface OnClose {
        void closed(boolean endedByCancel);
    }

    private CancellableRows(ResultSet rows, ResultSetMetaData columns, BooleanSupplier cancelled, OnClose onClose) {
        this.rows = requireNonNull(rows, "rows is null");
        this.columns = requireNonNull(columns, "columns is null");
        this.cancelled = requireNonNull(cancelled, "cancelled is null");
        this.onClose = requireNonNull(onClose, "onClose is null");
    }

    static ResultSet of(ResultSet rows, BooleanSupplier cancelled, OnClose onClose) throws SQLException {
        return of(rows, rows.getMetaData(), cancelled, onClose);
    }

    static ResultSet of(ResultSet rows, ResultSetMetaData columns, BooleanSupplier cancelled, OnClose onClose) {
        return (ResultSet) Proxy.newProxyInstance(
                CancellableRows.class.getClassLoader(),
                new Class<?>[] {ResultSet.class},
                new CancellableRows(rows, columns, cancelled, onClose));
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] args) throws Throwable {
        if (method.getName().equals("next")) {
            return next();
        }
        if (method.getName().equals("getMetaData")) {
            return columns;
        }
        if (method.getName().equals("close")) {
            close();
            return null;
        }
        try {
            return method.invoke(rows, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private boolean next() throws SQLException {
        if (endedByCancel) {
            return false;
        }
        try {
            return rows.next();
        } catch (SQLException e) {
            // whatever failure follows the user's cancel is the cancel's (HY008, or a closed result)
            if (cancelled.getAsBoolean()) {
                endedByCancel = true;
                return false;
            }
            throw e;
        }
    }

    private void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            rows.close();
        } finally {
            onClose.closed(endedByCancel);
        }
    }
}
