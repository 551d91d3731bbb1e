package dev.sluice.jdbc;

import dev.sluice.jdbc.transport.RequestTimeouts;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's remote {@link Meta}, whose {@code createIterable} gives {@link PrefetchingRows}: the next frame of a result
 * is fetched while the application reads the current one, in frames of the statement's fetch size when it has one.
 * Every other call passes through.
 *
 * <p>The first frame of a {@code Statement}'s result is not bound by the fetch size: Avatica's remote call for it sends
 * {@code maxRows} alone, so the gateway sizes it by bytes. A {@code PreparedStatement} sends its fetch size for it.
 *
 * <p>A proxy, because Avatica's remote {@code Meta} class is not public; the driver only ever calls it through the
 * interface.
 */
final class PrefetchingMeta implements InvocationHandler {
    private final Meta remote;
    private final Map<Integer, AvaticaStatement> statements;

    private PrefetchingMeta(Meta remote, Map<Integer, AvaticaStatement> statements) {
        this.remote = requireNonNull(remote, "remote is null");
        this.statements = requireNonNull(statements, "statements is null");
    }

    static Meta wrap(Meta remote, AvaticaConnection connection) {
        return (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(),
                new Class<?>[] {Meta.class},
                new PrefetchingMeta(remote, connection.statementMap));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "PrefetchingMeta(" + remote + ")";
            };
        }
        if (method.getName().equals("createIterable") && args.length == 5 && args[4] != null) {
            Meta.StatementHandle handle = (Meta.StatementHandle) args[0];
            return new PrefetchingRows(
                    (offset, rows) -> {
                        // fetched ahead on another thread: the statement's bound goes with the request
                        try (RequestTimeouts.QueryTimeoutScope bound =
                                RequestTimeouts.forQueryTimeout(queryTimeout(handle))) {
                            return remote.fetch(handle, offset, rows);
                        }
                    },
                    (Meta.Frame) args[4],
                    fetchSize(handle));
        }
        if (args != null && args.length > 0 && args[0] instanceof Meta.StatementHandle handle) {
            try (RequestTimeouts.QueryTimeoutScope bound = RequestTimeouts.forQueryTimeout(queryTimeout(handle))) {
                return invokeRemote(method, args);
            }
        }
        return invokeRemote(method, args);
    }

    private Object invokeRemote(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(remote, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * The statement's query timeout ({@code setQueryTimeout}), which bounds its executes and fetches in the driver too,
     * for a gateway gone silent; zero for none, or for a statement the connection no longer has.
     */
    private Duration queryTimeout(Meta.StatementHandle handle) {
        AvaticaStatement statement = statements.get(handle.id);
        if (statement == null) {
            return Duration.ZERO;
        }
        try {
            return Duration.ofSeconds(Math.max(0, statement.getQueryTimeout()));
        } catch (SQLException e) {
            return Duration.ZERO; // a closed statement: the gateway answers its requests at once
        }
    }

    /** The statement's fetch size (JDBC {@code setFetchSize}), or 0: the gateway sizes frames by bytes. */
    private int fetchSize(Meta.StatementHandle handle) {
        AvaticaStatement statement = statements.get(handle.id);
        if (statement == null) {
            return 0;
        }
        try {
            return Math.max(0, statement.getFetchSize());
        } catch (SQLException e) {
            return 0; // a closed statement: its result is not read on
        }
    }
}
