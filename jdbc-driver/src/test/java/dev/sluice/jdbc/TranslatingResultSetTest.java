package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.sluice.jdbc.FakeJdbc.fake;
import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class TranslatingResultSetTest {
    private final Map<String, FakeJdbc.Answer> connectionAnswers = new HashMap<>();
    private final Map<String, FakeJdbc.Answer> statementAnswers = new HashMap<>();
    private final Map<String, FakeJdbc.Answer> resultSetAnswers = new HashMap<>();
    private final Connection fakeConnection = fake(Connection.class, connectionAnswers);
    private final Statement fakeStatement = fake(Statement.class, statementAnswers);
    private final ResultSet fakeResultSet = fake(ResultSet.class, resultSetAnswers);

    private final Statement statement;
    private final ResultSet rows;

    TranslatingResultSetTest() throws SQLException {
        connectionAnswers.put("isClosed", args -> false);
        connectionAnswers.put("createStatement", args -> fakeStatement);
        statementAnswers.put("executeQuery", args -> fakeResultSet);
        statement = TranslatingProxy.wrap(fakeConnection).createStatement();
        rows = statement.executeQuery("select 1");
    }

    @Test
    void aStatementsResultSetIsNoReflectiveProxy() {
        assertThat(rows).isInstanceOf(TranslatingResultSet.class);
    }

    @Test
    void anUncheckedFailureOfAHotGetterLeavesAsAnSqlException() {
        resultSetAnswers.put("getLong", args -> {
            throw new IllegalStateException("broken frame");
        });

        assertThatThrownBy(() -> rows.getLong(1))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("broken frame")
                .satisfies(hasSqlState("08006"))
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void anUncheckedAvaticaFailureOfNextKeepsTheGatewaysState() {
        resultSetAnswers.put("next", args -> {
            throw new AvaticaClientRuntimeException(
                    "Connection abc is not open on this gateway", 1, "08003", AvaticaSeverity.ERROR, List.of(), null);
        });

        assertThatThrownBy(rows::next)
                .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                .satisfies(hasSqlState("08003"));
    }

    @Test
    void anUnsupportedOperationOfAnyOtherMethodIsAFeatureNotSupported() {
        resultSetAnswers.put("getNString", args -> {
            throw new UnsupportedOperationException("getNString");
        });

        assertThatThrownBy(() -> rows.getNString("name")).isInstanceOf(SQLFeatureNotSupportedException.class);
    }

    @Test
    void anAvaticaErrorLeavesAsTheSubclassOfItsState() {
        resultSetAnswers.put("next", args -> {
            throw new AvaticaSqlException("No further rows after 3 polls", "HYT00", 0x20003, List.of(), null);
        });
        resultSetAnswers.put("getObject", args -> {
            throw new AvaticaSqlException("bad column", "42000", 2, List.of(), null);
        });

        assertThatThrownBy(rows::next).isExactlyInstanceOf(SQLTimeoutException.class);
        assertThatThrownBy(() -> rows.getObject(3)).isExactlyInstanceOf(SQLSyntaxErrorException.class);
    }

    @Test
    void aFailureWithoutStateOnAClosedConnectionSaysTheConnectionIsGone() {
        connectionAnswers.put("isClosed", args -> true);
        resultSetAnswers.put("getString", args -> {
            throw new SQLException("Connection closed");
        });

        assertThatThrownBy(() -> rows.getString(1))
                .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                .satisfies(hasSqlState("08003"));
    }

    @Test
    void getStatementReturnsTheStatementTheCallerHolds() throws Exception {
        resultSetAnswers.put("getStatement", args -> fakeStatement);

        assertThat(rows.getStatement()).isSameAs(statement);
    }

    @Test
    void unwrapGivesTheResultSetItselfOrReachesAvaticas() throws Exception {
        resultSetAnswers.put("unwrap", args -> fakeResultSet);
        resultSetAnswers.put("isWrapperFor", args -> args[0] == FakeJdbc.FakeMarker.class);

        assertThat(rows.unwrap(ResultSet.class)).isSameAs(rows);
        assertThat(rows.isWrapperFor(ResultSet.class)).isTrue();
        assertThat(rows.unwrap(FakeJdbc.FakeMarker.class)).isSameAs(fakeResultSet);
        assertThat(rows.isWrapperFor(FakeJdbc.FakeMarker.class)).isTrue();
        assertThat(rows.isWrapperFor(Runnable.class)).isFalse();
    }

    @Test
    void getObjectOfARealColumnIsAFloatAndOfADoubleColumnADouble() throws Exception {
        resultSetAnswers.put("getObject", args -> 1.5d);
        resultSetAnswers.put("findColumn", args -> "r".equals(args[0]) ? 1 : 2);
        ResultSetMetaData metaData = fake(
                ResultSetMetaData.class,
                Map.of("getColumnType", args -> (Integer) args[0] == 1 ? Types.REAL : Types.DOUBLE));
        resultSetAnswers.put("getMetaData", args -> metaData);

        assertThat(rows.getObject(1)).isEqualTo(1.5f);
        assertThat(rows.getObject("r")).isEqualTo(1.5f);
        assertThat(rows.getObject(2)).isEqualTo(1.5d);
        assertThat(rows.getObject("d")).isEqualTo(1.5d);
    }

    @Test
    void metaDataFailuresAreTranslatedToo() throws Exception {
        ResultSetMetaData metaData = fake(ResultSetMetaData.class, Map.of("getColumnCount", args -> {
            throw new IllegalStateException("no signature");
        }));
        resultSetAnswers.put("getMetaData", args -> metaData);

        assertThatThrownBy(() -> rows.getMetaData().getColumnCount())
                .isInstanceOf(SQLException.class)
                .hasCauseInstanceOf(IllegalStateException.class);
    }
}
