package dev.sluice.testing;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SqlStatesTest {
    @Test
    void acceptsAnSqlExceptionWithTheState() {
        assertThat((Throwable) new SQLSyntaxErrorException("Encountered \"SELEC\"", "42000"))
                .satisfies(hasSqlState("42000"));
    }

    @Test
    void refusesAnotherStateNamingTheFailure() {
        assertThatThrownBy(() -> assertThat((Throwable) new SQLException("Cluster unreachable", "08006"))
                        .satisfies(hasSqlState("42000")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cluster unreachable")
                .hasMessageContaining("08006");
    }

    @Test
    void refusesAFailureThatIsNoSqlException() {
        assertThatThrownBy(() -> assertThat((Throwable) new IllegalStateException("broken"))
                        .satisfies(hasSqlState("42000")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("SQLState 42000");
    }
}
