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
 * Avatica's result set, with two additions. It knows whether the gateway may still hold rows of it: then closing it
 * before its end tells the gateway (see {@link TranslatingResultSet#close}). And when fetching the next page fails (the gateway answers a fetch with an error, or
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
        this.ended = firstFrame.done;
    }

    // the gateway has sent the last frame (the first said so) or next() found the end: nothing more is held there
    private volatile boolean ended;

    /** Whether the gateway may still hold rows of this result, or run its job: it has not been read to its end. */
    boolean mayHoldMore() {
        try {
            return !ended && !isClosed();
        } catch (SQLException e) {
            return false; // Avatica's isClosed does not throw; a result set that cannot say holds nothing to cancel
        }
    }

    @Override
    public boolean next() throws SQLException {
        try {
            boolean more = super.next();
            if (!more) {
                ended = true;
            }
            return more;
        } catch (AvaticaClientRuntimeException e) {
            throw new SQLException(e.getMessage(), e.getSqlState(), e.getErrorCode(), e);
        }
    }
}
