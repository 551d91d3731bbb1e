package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.TimeZone;

/**
 * Avatica's result set, with one fix: when fetching the next page fails (the gateway answers a fetch with an error, or
 * the connection to it breaks), Avatica's {@code next()} lets its client's unchecked exception through, so a JDBC
 * caller catching {@link SQLException} would miss it. Here it is an {@link SQLException} with the same SQLState,
 * error code and message.
 */
final class SluiceResultSet extends AvaticaResultSet {
    SluiceResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            ResultSetMetaData metaData,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        super(statement, state, signature, metaData, timeZone, firstFrame);
    }

    @Override
    public boolean next() throws SQLException {
        try {
            return super.next();
        } catch (AvaticaClientRuntimeException e) {
            throw new SQLException(e.getMessage(), e.getSqlState(), e.getErrorCode(), e);
        }
    }
}
