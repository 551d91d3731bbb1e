package dev.sluice.testing;

import org.assertj.core.api.ThrowingConsumer;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Assertions on the SQLState of a failure, in the terms tests speak:
 * {@code assertThatThrownBy(...).satisfies(hasSqlState("42000"))}. A failure that is not an {@link SQLException}, or
 * has another state, fails with the failure's class, state and message, which a bare comparison of states does not
 * show.
 */
public final class SqlStates {
    private SqlStates() {}

    /** Requires an {@link SQLException} with SQLState {@code expected}. */
    public static ThrowingConsumer<Throwable> hasSqlState(String expected) {
        return failure -> {
            assertThat(failure).as("a failure with SQLState %s", expected).isInstanceOf(SQLException.class);
            SQLException sql = (SQLException) failure;
            assertThat(sql.getSQLState())
                    .as("the SQLState of %s: %s", sql.getClass().getName(), sql.getMessage())
                    .isEqualTo(expected);
        };
    }
}
