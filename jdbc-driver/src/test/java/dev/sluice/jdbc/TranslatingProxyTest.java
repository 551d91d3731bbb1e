package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.sluice.jdbc.FakeJdbc.fake;
import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class TranslatingProxyTest {
    /** Fakes of Avatica's objects: each answers from a map of method name to answer, else fails. */
    private final Map<String, FakeJdbc.Answer> connectionAnswers = new HashMap<>();

    private final Map<String, FakeJdbc.Answer> statementAnswers = new HashMap<>();
    private final Map<String, FakeJdbc.Answer> resultSetAnswers = new HashMap<>();
    private final Connection fakeConnection = fake(Connection.class, connectionAnswers);
    private final Statement fakeStatement = fake(Statement.class, statementAnswers);
    private final ResultSet fakeResultSet = fake(ResultSet.class, resultSetAnswers);

    @Test
    void anAvaticaErrorLeavesAsItsSubclass() {
        connectionAnswers.put("prepareStatement", args -> {
            throw new AvaticaSqlException("while preparing SQL: selec 1", "42000", 2, List.of(), null);
        });
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThatThrownBy(() -> connection.prepareStatement("selec 1"))
                .isExactlyInstanceOf(SQLSyntaxErrorException.class)
                .hasMessageContaining("selec 1")
                .satisfies(e ->
                        assertThat(((SQLSyntaxErrorException) e).getSQLState()).isEqualTo("42000"));
    }

    @Test
    void anUncheckedAvaticaErrorLeavesAsAnSqlException() {
        connectionAnswers.put("createStatement", args -> {
            throw new AvaticaClientRuntimeException(
                    "Connection abc is not open on this gateway", 1, "08003", AvaticaSeverity.ERROR, List.of(), null);
        });
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThatThrownBy(connection::createStatement)
                .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                .satisfies(e -> assertThat(((SQLNonTransientConnectionException) e).getSQLState())
                        .isEqualTo("08003"));
    }

    @Test
    void aFailureWithoutStateOnAClosedConnectionSaysTheConnectionIsGone() {
        connectionAnswers.put("isClosed", args -> true);
        connectionAnswers.put("createStatement", args -> {
            throw new SQLException("Connection closed");
        });
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThatThrownBy(connection::createStatement)
                .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                .hasMessage("Connection closed")
                .satisfies(hasSqlState("08003"));
    }

    @Test
    void aFailureWithoutStateOnAnOpenConnectionKeepsItsClass() {
        connectionAnswers.put("isClosed", args -> false);
        SQLException closed = new SQLException("Statement closed");
        connectionAnswers.put("createStatement", args -> {
            throw closed;
        });
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThatThrownBy(connection::createStatement).isSameAs(closed);
    }

    @Test
    void aFailureWithoutStateAfterCancelSaysTheStatementWasCanceled() throws Exception {
        connectionAnswers.put("isClosed", args -> false);
        connectionAnswers.put("createStatement", args -> fakeStatement);
        statementAnswers.put("executeQuery", args -> fakeResultSet);
        statementAnswers.put("cancel", args -> null);
        resultSetAnswers.put("next", args -> {
            throw new SQLException("Statement canceled");
        });
        Statement statement = TranslatingProxy.wrap(fakeConnection).createStatement();
        ResultSet rows = statement.executeQuery("select 1");

        assertThatThrownBy(rows::next)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isNull());
        statement.cancel();
        assertThatThrownBy(rows::next).satisfies(hasSqlState("HY008"));
        ResultSet again = statement.executeQuery("select 1");
        assertThatThrownBy(again::next)
                .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isNull());
    }

    @Test
    void objectsReturnedByAProxyTranslateToo() throws Exception {
        connectionAnswers.put("createStatement", args -> fakeStatement);
        statementAnswers.put("executeQuery", args -> fakeResultSet);
        resultSetAnswers.put("next", args -> {
            throw new AvaticaSqlException("No further rows after 3 polls", "HYT00", 0x20003, List.of(), null);
        });
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        ResultSet rows = connection.createStatement().executeQuery("select 1");

        assertThatThrownBy(rows::next).isExactlyInstanceOf(SQLTimeoutException.class);
    }

    @Test
    void theWayBackReturnsTheProxyTheCallerHolds() throws Exception {
        connectionAnswers.put("createStatement", args -> fakeStatement);
        statementAnswers.put("executeQuery", args -> fakeResultSet);
        statementAnswers.put("getConnection", args -> fakeConnection);
        resultSetAnswers.put("getStatement", args -> fakeStatement);
        connectionAnswers.put(
                "getMetaData", args -> fake(DatabaseMetaData.class, Map.of("getConnection", a -> fakeConnection)));
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select 1");

        assertThat(statement.getConnection()).isSameAs(connection);
        assertThat(rows.getStatement()).isSameAs(statement);
        assertThat(connection.getMetaData().getConnection()).isSameAs(connection);
    }

    @Test
    void aPreparedStatementStaysAPreparedStatement() throws Exception {
        connectionAnswers.put("prepareStatement", args -> fake(PreparedStatement.class, Map.of()));
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThat(connection.prepareStatement("select ?")).isInstanceOf(PreparedStatement.class);
    }

    @Test
    void unwrapReachesTheDelegate() throws Exception {
        connectionAnswers.put("unwrap", args -> fakeConnection);
        Connection connection = TranslatingProxy.wrap(fakeConnection);

        assertThat(connection.unwrap(Connection.class)).isSameAs(connection);
        assertThat(connection.isWrapperFor(Connection.class)).isTrue();
        assertThat(connection.unwrap(FakeJdbc.FakeMarker.class)).isSameAs(fakeConnection);
    }
}
