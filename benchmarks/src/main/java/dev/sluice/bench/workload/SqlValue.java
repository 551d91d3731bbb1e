package dev.sluice.bench.workload;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;

import static java.util.Objects.requireNonNull;

/**
 * A parameter value of a query kind, which runs either as a SQL literal in the statement's text or bound to a
 * {@link PreparedStatement} the way a client application binds it.
 */
public sealed interface SqlValue {
    /** The value as a Flink SQL literal of its type. */
    String literal();

    /** Binds the value to the 1-based parameter {@code index}. */
    void bind(PreparedStatement statement, int index) throws SQLException;

    /** An INT. */
    record Int(int value) implements SqlValue {
        @Override
        public String literal() {
            return Integer.toString(value);
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setInt(index, value);
        }
    }

    /** A character string; its literal doubles quotes, as SQL escapes them. */
    record Text(String value) implements SqlValue {
        public Text {
            requireNonNull(value, "value is null");
        }

        @Override
        public String literal() {
            return "'" + value.replace("'", "''") + "'";
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setString(index, value);
        }
    }

    /** A DATE. */
    record Date(LocalDate value) implements SqlValue {
        public Date {
            requireNonNull(value, "value is null");
        }

        @Override
        public String literal() {
            return "DATE '" + value + "'";
        }

        /** As {@code java.sql.Date}, what JDBC applications bind: a wall-clock date, read in the client's zone. */
        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setDate(index, java.sql.Date.valueOf(value));
        }
    }
}
