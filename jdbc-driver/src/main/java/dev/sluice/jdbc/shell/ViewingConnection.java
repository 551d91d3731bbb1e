package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * A connection of the shell whose statements show streaming results in the view the setting names: before a statement
 * runs, the session gets the result mode of the view last picked (once per pick), and the shell learns whether the
 * session streams. Everything else goes to the connection as it is.
 */
final class ViewingConnection implements InvocationHandler {
    private static final String RESULT_MODE = "sluice.query.result-mode";

    private final Connection connection;
    private final ViewSetting setting;
    private final StreamingViews views;
    private final RuntimeModeWatch runtimeMode;
    private long appliedPick; // the pick whose result mode the session has; 0: the session's own

    private ViewingConnection(Connection connection, ViewSetting setting, StreamingViews views) {
        this.connection = requireNonNull(connection, "connection is null");
        this.setting = requireNonNull(setting, "setting is null");
        this.views = requireNonNull(views, "views is null");
        this.runtimeMode = new RuntimeModeWatch(connection);
    }

    static Connection wrap(Connection connection, ViewSetting setting, StreamingViews views) {
        return (Connection) Proxy.newProxyInstance(
                ViewingConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                new ViewingConnection(connection, setting, views));
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] args) throws Throwable {
        Object answer;
        try {
            answer = method.invoke(connection, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        // sqlline runs SQL through createStatement; prepareCall (!call) and metadata are left as they are
        if (method.getName().equals("createStatement") && answer instanceof Statement statement) {
            return ViewingStatement.wrap(statement, this);
        }
        return answer;
    }

    /**
     * Readies the session for a statement: the result mode of the view last picked, if it does not have it yet.
     *
     * @return whether the session runs in streaming mode
     */
    boolean prepare() throws SQLException {
        ViewSetting.Pick pick = setting.current();
        Optional<String> resultMode = pick.resultMode();
        if (resultMode.isPresent() && pick.number() != appliedPick) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET '" + RESULT_MODE + "' = '" + resultMode.get() + "'");
            }
            appliedPick = pick.number();
        }
        return runtimeMode.streaming();
    }

    /** Tells the connection that {@code sql} ran (or failed): a SET or RESET may have changed the session. */
    void ran(String sql) {
        runtimeMode.ran(sql);
        if (RuntimeModeWatch.resetsOptions(sql)) {
            appliedPick = 0;
        }
    }

    ResultSet show(ResultSet result, BooleanSupplier cancelled) throws SQLException {
        return views.show(result, cancelled);
    }
}
