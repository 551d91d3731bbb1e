package dev.sluice.gateway.session;

import dev.sluice.gateway.history.RecordingObserver;
import dev.sluice.gateway.result.NoResultException;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.NoSuchStatementException;
import dev.sluice.gateway.statement.PreparedSql;
import dev.sluice.planner.StatementKind;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A session on a real TableEnvironment in batch mode and the tests' clock; nothing here submits a job. */
final class GatewaySessionTest {
    private final TestSessions time = new TestSessions();
    private final RecordingObserver observer = new RecordingObserver();
    private final GatewaySession session = time.session(observer);
    private final GatewayStatement statement = session.createStatement();

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void handsSetAndResetToTheSessionsOptions() {
        assertThat(session.execute(statement, "SET 'table.local-time-zone' = 'Asia/Tokyo'", 0))
                .isEqualTo(new StatementOutcome.UpdateCount(0));
        assertThat(session.localTimeZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));

        session.execute(statement, "RESET 'table.local-time-zone'", 0);

        assertThat(session.localTimeZone()).isEqualTo(ZoneId.of("UTC"));
    }

    @Test
    void answersAConstantQueryWithoutAJobOnTheSessionClock() {
        session.execute(statement, "SELECT CURRENT_TIMESTAMP AS now", 0);

        GatewayStatement.Page page = statement.fetch(0, 10);
        assertThat(page.rows())
                .containsExactly(Row.of(TestSessions.WALL_TIME.truncatedTo(java.time.temporal.ChronoUnit.MILLIS)));
        assertThat(page.done()).isTrue();
    }

    @Test
    void answersShowPrimaryKeysFromTheCatalogsOutsideTheHistory() {
        session.execute(
                statement,
                "CREATE TEMPORARY TABLE keyed (b STRING NOT NULL, a INT NOT NULL,"
                        + " CONSTRAINT pk_keyed PRIMARY KEY (b, a) NOT ENFORCED) WITH ('connector' = 'datagen')",
                0);

        StatementOutcome outcome = session.execute(statement, "SHOW PRIMARY KEYS FROM keyed", 0);

        assertThat(outcome).isInstanceOf(StatementOutcome.Rows.class);
        assertThat(((StatementOutcome.Rows) outcome).schema().getColumnNames())
                .containsExactly("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME");
        assertThat(statement.fetch(0, 10).rows())
                .containsExactly(
                        Row.of("default_catalog", "default_database", "keyed", "a", (short) 2, "pk_keyed"),
                        Row.of("default_catalog", "default_database", "keyed", "b", (short) 1, "pk_keyed"));
        session.execute(statement, "SHOW QUERY HISTORY", 0);
        assertThat(statement.fetch(0, 10).rows()).as("only the CREATE").hasSize(1);
    }

    @Test
    void statementsThatMayChangeCatalogsOrOptionsBumpTheStateVersion() {
        session.execute(statement, "SELECT 1", 0);
        assertThat(session.stateVersion()).isZero();

        session.execute(statement, "SET 'pipeline.name' = 'dashboards'", 0);
        session.execute(statement, "CREATE TEMPORARY TABLE t (x INT) WITH ('connector' = 'datagen')", 0);
        session.execute(statement, "SHOW TABLES", 0);

        assertThat(session.stateVersion()).isEqualTo(2);
    }

    @Test
    void listsItsStatementsInTheQueryHistoryWithTheirOutcomes() {
        session.execute(statement, "SET 'pipeline.name' = 'dashboards'", 0);
        time.advanceMillis(5);
        assertThatThrownBy(() -> session.execute(statement, "SELECT * FROM missing", 0))
                .isInstanceOf(ValidationException.class);

        session.execute(statement, "show query history", 0);
        List<Row> rows = statement.fetch(0, 10).rows();

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).getField(0)).isEqualTo("2026-03-01T10:15:30.123Z");
        assertThat(rows.get(0).getField(1)).isEqualTo("SET");
        assertThat(rows.get(0).getField(17)).isEqualTo("finished");
        assertThat(rows.get(0).getField(18)).isEqualTo("SET 'pipeline.name' = 'dashboards'");
        assertThat(rows.get(1).getField(1)).isEqualTo("QUERY");
        assertThat((String) rows.get(1).getField(17)).startsWith("failed: ").contains("missing");
    }

    @Test
    void tellsTheObserverOfEveryStatementAndHowItEnded() {
        session.execute(statement, "SELECT 1", 0);
        session.execute(statement, "SELECT 1", 0);
        assertThatThrownBy(() -> session.execute(statement, "SELECT * FROM missing", 0));

        assertThat(observer.calls)
                .containsExactly(
                        "started test QUERY",
                        "planned test CONSTANT MISS 0 ns",
                        "executed test QUERY 0 ns",
                        "finished test success []",
                        "started test QUERY",
                        "planned test CONSTANT HIT 0 ns",
                        "executed test QUERY 0 ns",
                        "finished test success []",
                        "started test QUERY",
                        "finished test failure []",
                        "executed test QUERY 0 ns failed");
    }

    @Test
    void aNewStatementReplacesTheStatementsResult() {
        session.execute(statement, "VALUES (1), (2)", 0);
        session.execute(statement, "SET 'pipeline.name' = 'dashboards'", 0);

        assertThatThrownBy(() -> statement.fetch(0, 10)).isInstanceOf(NoResultException.class);
    }

    @Test
    void aPreparedStatementKeepsItsTextAndAnalysis() {
        GatewayStatement prepared = session.prepareStatement("SELECT CAST(? AS INT) + 1 AS n");

        PreparedSql sql = prepared.prepared().orElseThrow();
        assertThat(sql.sql()).isEqualTo("SELECT CAST(? AS INT) + 1 AS n");
        assertThat(sql.analysis().kind()).isEqualTo(StatementKind.QUERY);
        assertThat(sql.analysis().template().parameterCount()).isEqualTo(1);
        assertThat(session.findStatement(prepared.id())).containsSame(prepared);
        assertThat(statement.prepared()).isEmpty();
    }

    @Test
    void aStatementFlinkCannotValidateIsNotPrepared() {
        assertThatThrownBy(() -> session.prepareStatement("SELECT * FROM missing"))
                .isInstanceOf(ValidationException.class);

        assertThat(session.findStatement(statement.id() + 1)).isEmpty();
    }

    @Test
    void closingTheSessionClosesItsStatements() {
        session.execute(statement, "VALUES (1), (2)", 0);

        session.close();

        assertThatThrownBy(() -> session.requireStatement(statement.id())).isInstanceOf(NoSuchStatementException.class);
        assertThatThrownBy(() -> statement.fetch(0, 10)).isInstanceOf(NoResultException.class);
    }
}
