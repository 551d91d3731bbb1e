package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

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
        ResultSetMetaData integers = fake(
                ResultSetMetaData.class, Map.of("getColumnCount", args -> 3, "getColumnType", args -> Types.INTEGER));
        resultSetAnswers.put("getMetaData", args -> integers);
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
                Map.of(
                        "getColumnCount",
                        args -> 2,
                        "getColumnType",
                        args -> (Integer) args[0] == 1 ? Types.REAL : Types.DOUBLE));
        resultSetAnswers.put("getMetaData", args -> metaData);

        assertThat(rows.getObject(1)).isEqualTo(1.5f);
        assertThat(rows.getObject("r")).isEqualTo(1.5f);
        assertThat(rows.getObject(2)).isEqualTo(1.5d);
        assertThat(rows.getObject("d")).isEqualTo(1.5d);
    }

    @Test
    void anInstantColumnIsReadAsTheInstantWhateverTheClientsZone() throws Exception {
        resultSetAnswers.put("getString", args -> "2024-01-02 07:34:56.789-05:00");
        resultSetAnswers.put("findColumn", args -> 1);
        ResultSetMetaData metaData = fake(
                ResultSetMetaData.class,
                Map.of("getColumnCount", args -> 1, "getColumnType", args -> Types.TIMESTAMP_WITH_TIMEZONE));
        resultSetAnswers.put("getMetaData", args -> metaData);
        Instant instant = Instant.parse("2024-01-02T12:34:56.789Z");
        TimeZone zone = TimeZone.getDefault();
        try {
            for (String client : List.of("Asia/Tokyo", "America/New_York", "UTC")) {
                TimeZone.setDefault(TimeZone.getTimeZone(client));
                assertThat(rows.getTimestamp(1).toInstant()).as(client).isEqualTo(instant);
                assertThat(rows.getTimestamp("ltz").toInstant()).as(client).isEqualTo(instant);
                assertThat(rows.getTimestamp(1, Calendar.getInstance(TimeZone.getTimeZone("Asia/Kolkata")))
                                .toInstant())
                        .as(client)
                        .isEqualTo(instant);
                assertThat(rows.getObject(1)).as(client).isEqualTo(Timestamp.from(instant));
                assertThat(rows.getObject(1, Instant.class)).as(client).isEqualTo(instant);
                assertThat(rows.getObject("ltz", OffsetDateTime.class))
                        .as(client)
                        .isEqualTo(OffsetDateTime.parse("2024-01-02T07:34:56.789-05:00"));
                // as Flink's SQL client shows it: the wall-clock time in the session's zone
                assertThat(rows.getString(1)).as(client).isEqualTo("2024-01-02 07:34:56.789");
                assertThat(rows.getObject(1, LocalDateTime.class))
                        .as(client)
                        .isEqualTo(LocalDateTime.of(2024, 1, 2, 7, 34, 56, 789_000_000));
            }
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    @Test
    void anInstantThatIsNotOneIsADataException() throws Exception {
        resultSetAnswers.put("getString", args -> "yesterday");
        ResultSetMetaData metaData = fake(
                ResultSetMetaData.class,
                Map.of("getColumnCount", args -> 1, "getColumnType", args -> Types.TIMESTAMP_WITH_TIMEZONE));
        resultSetAnswers.put("getMetaData", args -> metaData);

        assertThatThrownBy(() -> rows.getTimestamp(1))
                .isInstanceOf(SQLDataException.class)
                .hasMessage("Not a timestamp with an offset: 'yesterday'")
                .satisfies(hasSqlState("22007"));
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
