package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;
import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Avatica's {@code DatabaseMetaData}, with primary keys asked of the gateway, and answers where Avatica has none.
 *
 * <p>Avatica's protocol has no request for {@link #getPrimaryKeys}: its remote client answers an empty result without
 * asking. This driver runs Sluice's {@code SHOW PRIMARY KEYS} statement instead, which the gateway answers from the
 * session's Flink catalogs with the columns JDBC specifies.
 */
final class SluiceDatabaseMetaData extends AvaticaDatabaseMetaData {
    SluiceDatabaseMetaData(AvaticaConnection connection) {
        super(connection);
    }

    /**
     * The primary key columns of a table, as declared in Flink DDL ({@code PRIMARY KEY (a, b) NOT ENFORCED}), ordered
     * by column name; {@code KEY_SEQ} is the column's place in the key, {@code PK_NAME} the constraint's name.
     *
     * @param catalog a catalog name; "" matches none (every Flink table has a catalog), null any
     * @param schema a database name; "" matches none, null any
     * @param table a table or view name, matched exactly
     * @throws SQLDataException with SQLState 22023 if {@code table} is null
     */
    @Override
    public ResultSet getPrimaryKeys(@Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        if (table == null) {
            throw new SQLDataException(
                    "getPrimaryKeys needs a table name, was null", SqlStates.INVALID_PARAMETER_VALUE);
        }
        Statement statement = getConnection().createStatement();
        try {
            ResultSet keys = statement.executeQuery(ShowPrimaryKeysSql.of(catalog, schema, table));
            statement.closeOnCompletion();
            return keys;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    // Flink's planner collates NULL low, below every value: first in ORDER BY x, last in ORDER BY x DESC. Avatica's
    // client says "at the end" without asking.

    @Override
    public boolean nullsAreSortedLow() {
        return true;
    }

    @Override
    public boolean nullsAreSortedHigh() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    /** Results stay open across {@code commit()}, which has nothing to do: Flink has no transactions. */
    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    // Results are read-only: nothing a result set does to its rows exists, and a result already computed does not
    // change when others write. Avatica leaves these ten methods unimplemented; a desktop tool's browse and a pool's
    // checks call them.

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }
}
