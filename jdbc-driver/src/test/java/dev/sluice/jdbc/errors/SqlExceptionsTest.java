package dev.sluice.jdbc.errors;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.sql.SQLWarning;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SqlExceptionsTest {
    static Stream<Arguments> subclasses() {
        return Stream.of(
                arguments("42000", SQLSyntaxErrorException.class),
                arguments("42S02", SQLSyntaxErrorException.class),
                arguments("HYT00", SQLTimeoutException.class),
                arguments("HYT01", SQLTimeoutException.class),
                arguments("08001", SQLNonTransientConnectionException.class),
                arguments("08003", SQLNonTransientConnectionException.class),
                arguments("08004", SQLNonTransientConnectionException.class),
                arguments("08S01", SQLNonTransientConnectionException.class),
                arguments("08006", SQLTransientConnectionException.class),
                arguments("28000", SQLInvalidAuthorizationSpecException.class),
                arguments("22023", SQLDataException.class),
                arguments("23505", SQLIntegrityConstraintViolationException.class),
                arguments("0A000", SQLFeatureNotSupportedException.class),
                arguments("40001", SQLTransactionRollbackException.class),
                arguments("53000", SQLTransientException.class),
                arguments("HY000", SQLException.class),
                arguments("HY008", SQLException.class),
                arguments("54000", SQLException.class),
                arguments("X", SQLException.class));
    }

    @ParameterizedTest
    @MethodSource("subclasses")
    void eachSqlStateClassHasItsSubclass(String sqlState, Class<? extends SQLException> subclass) {
        IOException cause = new IOException("cause");

        SQLException exception = SqlExceptions.of("message", sqlState, 7, cause);

        assertThatSql(exception)
                .isExactlyInstanceOf(subclass)
                .hasMessage("message")
                .hasCause(cause);
        assertThat(exception.getSQLState()).isEqualTo(sqlState);
        assertThat(exception.getErrorCode()).isEqualTo(7);
    }

    @Test
    void rebuildsAvaticasErrorAsItsSubclassKeepingEverything() {
        AvaticaSqlException avatica = new AvaticaSqlException(
                "Error -1 (42000) : while preparing SQL: selec 1", "42000", 2, List.of("server trace"), "gw:8765");
        SQLWarning next = new SQLWarning("next");
        avatica.setNextException(next);

        SQLException translated = SqlExceptions.withSubclass(avatica);

        assertThatSql(translated)
                .isExactlyInstanceOf(SQLSyntaxErrorException.class)
                .hasMessage(avatica.getMessage())
                .hasCause(avatica);
        assertThat(translated.getSQLState()).isEqualTo("42000");
        assertThat(translated.getErrorCode()).isEqualTo(2);
        assertThatSql(translated.getNextException()).isSameAs(next);
        assertThatSql(translated).hasStackTraceContaining("server trace");
    }

    @Test
    void addsTheGatewaysMessageThatAvaticasClientLeftInTheServerTrace() {
        AvaticaSqlException avatica = new AvaticaSqlException(
                "while preparing SQL: insert into t values (?)", // Avatica prefixes "Error 3 (42000) : "
                "42000",
                3,
                List.of("AvaticaRuntimeException: [Messsage: 'Table 'c.d.t' of the INSERT does not exist', Error code:"
                        + " '3', SQL State: '42000', Severity: 'ERROR']\n"),
                null);
        SQLException general = new AvaticaSqlException(
                "while preparing SQL: x",
                "HY000",
                1,
                List.of("AvaticaRuntimeException: [Messsage: 'Query failed', Error code: '1', SQL State: 'HY000',"
                        + " Severity: 'ERROR']"),
                null);

        assertThatSql(SqlExceptions.withSubclass(avatica))
                .isExactlyInstanceOf(SQLSyntaxErrorException.class)
                .hasMessage("Error 3 (42000) : while preparing SQL: insert into t values (?): Table 'c.d.t' of the"
                        + " INSERT does not exist");
        assertThatSql(SqlExceptions.withSubclass(general))
                .hasMessage("Error 1 (HY000) : while preparing SQL: x: Query failed")
                .hasCause(general);
    }

    @Test
    void leavesAloneWhatHasNoBetterSubclass() {
        SQLException general = new AvaticaSqlException("failed", "HY000", 0x20002, List.of(), null);
        SQLException noState = new SQLException("Statement is closed");
        SQLException success = new SQLException("odd", "00000");
        SQLException alreadySpecific = new SQLTimeoutException("late", "HYT00");

        assertThat(List.of(general, noState, success, alreadySpecific))
                .allSatisfy(e -> assertThat(SqlExceptions.withSubclass(e) == e).isTrue());
    }

    @Test
    void anUncheckedAvaticaErrorKeepsTheGatewaysState() {
        AvaticaClientRuntimeException gone = new AvaticaClientRuntimeException(
                "Connection abc is not open on this gateway", 1, "08003", AvaticaSeverity.ERROR, List.of(), null);

        SQLException translated = SqlExceptions.fromUnchecked(gone);

        assertThatSql(translated)
                .isExactlyInstanceOf(SQLNonTransientConnectionException.class)
                .hasCause(gone);
        assertThat(translated.getSQLState()).isEqualTo("08003");
        assertThat(translated.getErrorCode()).isEqualTo(1);
    }

    @Test
    void anUncheckedErrorWithoutStateIsAConnectionFailure() {
        AvaticaClientRuntimeException noState =
                new AvaticaClientRuntimeException("broken", -1, "00000", AvaticaSeverity.ERROR, List.of(), null);
        RuntimeException other = new RuntimeException("Failed to execute HTTP Request");

        assertThat(SqlExceptions.fromUnchecked(noState).getSQLState()).isEqualTo(SqlStates.CONNECTION_FAILURE);
        assertThatSql(SqlExceptions.fromUnchecked(other))
                .isInstanceOf(SQLTransientConnectionException.class)
                .hasCause(other)
                .hasMessageContaining("Failed to execute HTTP Request");
    }

    @Test
    void anUnsupportedOperationIsFeatureNotSupported() {
        SQLException translated = SqlExceptions.fromUnchecked(new UnsupportedOperationException("no"));

        assertThatSql(translated).isExactlyInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat(translated.getSQLState()).isEqualTo("0A000");
    }

    /** AssertJ's throwable assertions: an {@link SQLException} is also an {@code Iterable}, which AssertJ prefers. */
    private static AbstractThrowableAssert<?, ? extends Throwable> assertThatSql(Throwable exception) {
        return assertThat(exception);
    }
}
