package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Stands in front of Avatica's JDBC objects so that every failure leaves the driver as the right {@link SQLException}
 * subclass ({@link SqlExceptions}), and no unchecked exception leaves a JDBC method.
 *
 * <p>Why a proxy: Avatica builds its errors in one final helper ({@code AvaticaConnection.HELPER}, a singleton that a
 * driver cannot replace) and lets some unchecked ones through, from dozens of methods of its connection, statement,
 * result set and metadata classes. A proxy per object translates them all at one boundary without copying or
 * overriding Avatica's methods. Objects that these return (a statement from a connection, a result set from a
 * statement) are proxied too, and a way back ({@code getConnection()}, {@code getStatement()}) returns the proxy the
 * caller already holds. {@code unwrap} still reaches Avatica's object.
 *
 * <p>Result sets are the exception: a reflective call per {@code next()} and per getter was a quarter of the driver's
 * CPU on large results, so a statement's result set is a {@link TranslatingResultSet}, which delegates directly and
 * asks its statement's proxy to translate its failures.
 */
final class TranslatingProxy implements InvocationHandler {
    private static final Logger LOG = LoggerFactory.getLogger(TranslatingProxy.class);

    /**
     * The interfaces whose objects are translated, most specific first: by a proxy, result sets by a
     * {@link TranslatingResultSet}.
     */
    private static final List<Class<?>> PROXIED = List.of(
            CallableStatement.class,
            PreparedStatement.class,
            Statement.class,
            Connection.class,
            ResultSet.class,
            DatabaseMetaData.class,
            ResultSetMetaData.class,
            ParameterMetaData.class);

    /** What {@link #answerHere} returns for a call that goes on to Avatica's object. */
    static final Object NOT_ANSWERED_HERE = new Object();

    private final Object delegate;
    private final @Nullable TranslatingProxy parent;
    private @Nullable Object proxy;
    /** For a statement: whether it was canceled since it last executed (Avatica's own flag is not visible). */
    private volatile boolean canceled;

    /** For a statement: the limits last sent to the gateway; only its executing thread reads and writes them. */
    private SessionLink.SentLimits sentLimits = SessionLink.SentLimits.NONE;

    /** Of the connection's proxy; its statements reach it through {@link #parent}. */
    private final @Nullable SessionLink link;

    /** For a connection or a statement: its progress listener ({@link SluiceConnection}, {@link SluiceStatement}). */
    private final @Nullable ProgressWatch progress;

    private TranslatingProxy(Object delegate, @Nullable TranslatingProxy parent, @Nullable SessionLink link) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.parent = parent;
        this.link = link;
        this.progress = delegate instanceof Connection
                ? new ProgressWatch(null)
                : delegate instanceof Statement ? new ProgressWatch(connectionProgress(parent)) : null;
    }

    private static @Nullable ProgressWatch connectionProgress(@Nullable TranslatingProxy holder) {
        for (; holder != null; holder = holder.parent) {
            if (holder.delegate instanceof Connection) {
                return holder.progress;
            }
        }
        return null;
    }

    /** {@code connection} behind a proxy that translates the failures of it and of everything it returns. */
    static Connection wrap(Connection connection) {
        return (Connection) new TranslatingProxy(connection, null, null).proxy();
    }

    /**
     * {@link #wrap(Connection)}, with what Avatica's protocol cannot say sent to the gateway by Sluice's own requests
     * ({@link SessionLink}): {@code Statement.cancel()}, so that the statement's job stops there (Avatica's own cancel
     * only marks the statement in the client); a statement's {@code setQueryTimeout} and {@code setMaxRows}, before it
     * executes; and {@code Connection.isValid}, which asks the gateway. A connection whose session is gone reports
     * {@code isClosed()}, and every call on it and its statements fails with SQLState 08003.
     */
    static Connection wrap(Connection connection, SessionLink link) {
        return (Connection) new TranslatingProxy(connection, null, requireNonNull(link, "link is null")).proxy();
    }

    @Override
    public @Nullable Object invoke(Object self, Method method, @Nullable Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> self == requireNonNull(args)[0];
                case "hashCode" -> System.identityHashCode(self);
                default -> delegate.toString();
            };
        }
        if (isWrapperMethod(method) && requireNonNull(args)[0] instanceof Class<?> type && type.isInstance(self)) {
            return method.getName().equals("unwrap") ? self : true;
        }
        if (isWrapperMethod(method)
                && progress != null
                && (requireNonNull(args)[0] == SluiceStatement.class && delegate instanceof Statement
                        || args[0] == SluiceConnection.class && delegate instanceof Connection)) {
            return method.getName().equals("unwrap") ? progress : true;
        }
        SessionLink session = link();
        if (session != null) {
            Object answer = answerHere(method, args, session);
            if (answer != NOT_ANSWERED_HERE) {
                return answer;
            }
        }
        boolean statement = delegate instanceof Statement;
        if (statement) {
            beforeStatementCall(method, session);
        }
        if (delegate instanceof PreparedStatement prepared
                && method.getName().equals("setObject")
                && args != null
                && JavaTimeValues.bindsTyped(prepared, (Integer) args[0], args[1])) {
            // JDBC 4.2's java.time values and java.sql date-times, through the typed setter: Avatica's setObject
            // knows no java.time, and fails on a TIME with its target type
            return null;
        }
        boolean executes = statement && method.getName().startsWith("execute");
        Object result;
        try (ProgressWatch.Watching watching = executes ? watchProgress(session) : ProgressWatch.Watching.NONE) {
            result = method.invoke(delegate, args);
        } catch (InvocationTargetException e) {
            Throwable failure = translate(method, requireNonNull(e.getCause()));
            throw failure instanceof SQLException sql ? learn(session, sql) : failure;
        }
        if (statement && method.getName().equals("cancel")) {
            canceled = true;
        }
        return wrapResult(method, result);
    }

    /**
     * Answers what the connection's session link knows ({@code isClosed}, {@code isValid}, {@code close} of a connection;
     * {@code getURL}), refuses a call on a connection whose session is gone, or returns {@link #NOT_ANSWERED_HERE}.
     */
    private @Nullable Object answerHere(Method method, @Nullable Object[] args, SessionLink session) throws Throwable {
        if (delegate instanceof Connection connection) {
            Object answer = ConnectionCallsAnsweredHere.answer(
                    connection, method, args, session, failure -> translate(method, failure));
            if (answer != NOT_ANSWERED_HERE) {
                return answer;
            }
        }
        if (delegate instanceof DatabaseMetaData && method.getName().equals("getURL")) {
            return session.url(); // Avatica's says only "jdbc:sluice:", the prefix it was given
        }
        if (session.isGone() && goesToGateway(method)) {
            throw session.goneFailure();
        }
        return NOT_ANSWERED_HERE;
    }

    /**
     * Before a statement executes: its cancel flag is reset and its limits sent; before it is cancelled here, the
     * cancel goes to the gateway.
     */
    private void beforeStatementCall(Method method, @Nullable SessionLink session) throws SQLException {
        try {
            if (method.getName().startsWith("execute")) {
                canceled = false;
                resetAvaticasCancelFlag();
                sendLimits(session);
            }
            if (method.getName().equals("cancel") && session != null) {
                // first, and not after Avatica's cancel: that one is synchronized with execute, so it would wait for
                // the very query it is meant to stop; the gateway's cancel makes that query return at once
                session.cancel((AvaticaStatement) delegate);
            }
        } catch (SQLException e) {
            throw learn(session, e);
        }
    }

    /**
     * A cancel applies to the execution it interrupts (JDBC), but Avatica keeps a statement's cancel flag set for
     * ever, so every later result of the statement would fail as canceled.
     */
    private void resetAvaticasCancelFlag() throws SQLException {
        if (delegate instanceof AvaticaStatement avaticaStatement && avaticaStatement.handle != null) {
            try {
                avaticaStatement
                        .connection
                        .getCancelFlag(avaticaStatement.handle)
                        .set(false);
            } catch (NoSuchStatementException e) {
                // a statement that is gone: the execute itself reports it
            }
        }
    }

    /** Polls the statement's progress on the gateway while it executes, if a listener is set. */
    private ProgressWatch.Watching watchProgress(@Nullable SessionLink session) {
        if (progress == null || session == null || !(delegate instanceof AvaticaStatement avaticaStatement)) {
            return ProgressWatch.Watching.NONE;
        }
        return progress.start(avaticaStatement.getId(), session.progressRequests());
    }

    /** Sends the statement's limits to the gateway, if they changed since it last executed. */
    private void sendLimits(@Nullable SessionLink session) throws SQLException {
        if (session != null && delegate instanceof AvaticaStatement avaticaStatement) {
            sentLimits = session.syncLimits(avaticaStatement, sentLimits);
        }
    }

    private SQLException learn(@Nullable SessionLink session, SQLException failure) {
        if (session != null) {
            session.learnFrom(failure);
        }
        return failure;
    }

    /** The link of the connection that this object is or belongs to, if it has one. */
    private @Nullable SessionLink link() {
        for (TranslatingProxy holder = this; holder != null; holder = holder.parent) {
            if (holder.link != null) {
                return holder.link;
            }
        }
        return null;
    }

    /**
     * Whether a call may need the gateway: every call of a connection, statement or {@code DatabaseMetaData} that can
     * fail, except closing and asking whether closed; a result set's rows already received stay readable.
     */
    private boolean goesToGateway(Method method) {
        boolean gatewayObject =
                delegate instanceof Connection || delegate instanceof Statement || delegate instanceof DatabaseMetaData;
        return gatewayObject
                && Arrays.asList(method.getExceptionTypes()).contains(SQLException.class)
                && !List.of("close", "isClosed", "isValid", "unwrap", "isWrapperFor")
                        .contains(method.getName());
    }

    private @Nullable Object wrapResult(Method method, @Nullable Object result) {
        if (result == null || !PROXIED.contains(method.getReturnType())) {
            return result;
        }
        return translating(result);
    }

    /**
     * {@code returned}, an object of one of the {@link #PROXIED} types that this object's delegate returned, as the
     * caller sees it: the proxy the caller already holds when it is this object or one it came from, a
     * {@link TranslatingResultSet} for a result set, else a new proxy.
     */
    Object translating(Object returned) {
        for (TranslatingProxy holder = this; holder != null; holder = holder.parent) {
            if (holder.delegate == returned) {
                return holder.proxy();
            }
        }
        if (returned instanceof ResultSet rows) {
            return new TranslatingResultSet(rows, this);
        }
        return new TranslatingProxy(returned, this, null).proxy();
    }

    /**
     * Told by a result set of this statement that was closed before its end: the gateway cancels what still runs for
     * it. Best effort: a gateway that cannot be asked ends the result on its own clock.
     */
    void resultClosedBeforeItsEnd() {
        SessionLink session = link();
        if (session == null || !(delegate instanceof AvaticaStatement avaticaStatement) || session.isGone()) {
            return;
        }
        try {
            session.cancel(avaticaStatement);
        } catch (SQLException | RuntimeException e) {
            LOG.debug("Could not cancel a result closed before its end; the gateway ends it on its own clock", e);
        }
    }

    /**
     * The failure of a JDBC method of an object this one returned (a {@link TranslatingResultSet}) as it leaves the
     * driver, told to the connection's session link as this object's own failures are.
     */
    SQLException translatedFailureOfReturned(Exception failure) {
        SQLException translated = failure instanceof SQLException sql
                ? translate(sql)
                : SqlExceptions.fromUnchecked((RuntimeException) failure);
        return learn(link(), translated);
    }

    private Throwable translate(Method method, Throwable failure) {
        boolean mayThrowSql = Arrays.asList(method.getExceptionTypes()).contains(SQLException.class);
        if (failure instanceof SQLException sql) {
            return translate(sql);
        }
        if (failure instanceof RuntimeException unchecked && mayThrowSql) {
            return SqlExceptions.fromUnchecked(unchecked);
        }
        return failure;
    }

    private SQLException translate(SQLException failure) {
        return failure.getSQLState() == null ? withState(failure) : SqlExceptions.withSubclass(failure);
    }

    /**
     * A state for Avatica's own failures, which have none, where the proxy knows the reason: the connection is closed
     * ("Connection closed", "Statement closed"), or the statement was canceled ("Statement canceled" from
     * {@code ResultSet.next()}).
     */
    private SQLException withState(SQLException failure) {
        String message = String.valueOf(failure.getMessage());
        if (connectionClosed()) {
            return SqlExceptions.of(message, SqlStates.NO_CONNECTION, failure.getErrorCode(), failure);
        }
        if (statementCanceled()) {
            return SqlExceptions.of(message, SqlStates.CANCELED, failure.getErrorCode(), failure);
        }
        return failure;
    }

    /** Whether the statement that this object is or belongs to was canceled since it last executed. */
    private boolean statementCanceled() {
        for (TranslatingProxy holder = this; holder != null; holder = holder.parent) {
            if (holder.delegate instanceof Statement) {
                return holder.canceled;
            }
        }
        return false;
    }

    /**
     * Whether the connection that this object belongs to is closed.
     */
    private boolean connectionClosed() {
        TranslatingProxy root = this;
        while (root.parent != null) {
            root = root.parent;
        }
        try {
            return root.delegate instanceof Connection connection && connection.isClosed();
        } catch (SQLException | RuntimeException e) {
            return false;
        }
    }

    private static boolean isWrapperMethod(Method method) {
        return (method.getName().equals("unwrap") || method.getName().equals("isWrapperFor"))
                && method.getParameterCount() == 1;
    }

    private synchronized Object proxy() {
        if (proxy == null) {
            List<Class<?>> interfaces = new ArrayList<>();
            for (Class<?> type : PROXIED) {
                if (type.isInstance(delegate) && interfaces.stream().noneMatch(type::isAssignableFrom)) {
                    interfaces.add(type);
                }
            }
            proxy = Proxy.newProxyInstance(
                    TranslatingProxy.class.getClassLoader(), interfaces.toArray(Class<?>[]::new), this);
        }
        return proxy;
    }
}
