package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static java.util.Objects.requireNonNull;

/**
 * A statement of the shell: a streaming query's result goes to sqlline through the view ({@code getResultSet}); a
 * batch result as it is, so that batch output is what it always was. {@code cancel}, which sqlline calls on Ctrl-C,
 * is noted first, so that the view takes the failure it makes of the next fetch for the end of the rows.
 */
final class ViewingStatement implements InvocationHandler {
    private final Statement statement;
    private final ViewingConnection connection;
    private volatile boolean cancelled; // set on the thread of jline's signal handler
    private boolean streaming;
    private @Nullable ResultSet shown;

    private ViewingStatement(Statement statement, ViewingConnection connection) {
        this.statement = requireNonNull(statement, "statement is null");
        this.connection = requireNonNull(connection, "connection is null");
    }

    static Statement wrap(Statement statement, ViewingConnection connection) {
        return (Statement) Proxy.newProxyInstance(
                ViewingStatement.class.getClassLoader(),
                new Class<?>[] {Statement.class},
                new ViewingStatement(statement, connection));
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] args) throws Throwable {
        String name = method.getName();
        if (name.equals("execute") && args != null && args.length == 1 && args[0] instanceof String sql) {
            return execute(sql);
        }
        if (name.equals("getResultSet")) {
            return resultSet();
        }
        if (name.equals("cancel")) {
            cancelled = true;
        }
        try {
            return method.invoke(statement, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private boolean execute(String sql) throws SQLException {
        shown = null;
        cancelled = false;
        streaming = connection.prepare();
        try {
            return statement.execute(sql);
        } finally {
            connection.ran(sql);
        }
    }

    private @Nullable ResultSet resultSet() throws SQLException {
        if (shown == null) {
            ResultSet result = statement.getResultSet();
            shown = result != null && streaming ? connection.show(result, () -> cancelled) : result;
        }
        return shown;
    }
}
