package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.AvaticaPreparedStatement;
import org.apache.calcite.avatica.AvaticaResultSet;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.UnregisteredDriver;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.TimeZone;
import java.util.function.BiFunction;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's JDBC 4.1 factory with {@link SluiceDatabaseMetaData} and {@link SluiceResultSet} in place of Avatica's
 * own. Avatica's factory class is
 * not public, so this one delegates to it instead of extending it.
 */
final class SluiceJdbcFactory implements AvaticaFactory {
    private final AvaticaFactory avatica;

    SluiceJdbcFactory(AvaticaFactory avatica) {
        this.avatica = requireNonNull(avatica, "avatica is null");
    }

    @Override
    public int getJdbcMajorVersion() {
        return avatica.getJdbcMajorVersion();
    }

    @Override
    public int getJdbcMinorVersion() {
        return avatica.getJdbcMinorVersion();
    }

    /**
     * Avatica's connection, whose statements have no fetch size unless {@code fetch_size} is given (Avatica's default
     * is 100): without one the gateway sizes each frame by bytes ({@code sluice.result.frame.target-size}).
     */
    @Override
    public AvaticaConnection newConnection(
            UnregisteredDriver driver, AvaticaFactory factory, String url, Properties info) throws SQLException {
        Properties properties = info;
        String fetchSize = BuiltInConnectionProperty.FETCH_SIZE.camelName();
        if (!info.containsKey(fetchSize)) {
            properties = new Properties();
            properties.putAll(info);
            properties.setProperty(fetchSize, "0");
        }
        return avatica.newConnection(driver, factory, url, properties);
    }

    @Override
    public AvaticaStatement newStatement(
            AvaticaConnection connection,
            Meta.StatementHandle handle,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability)
            throws SQLException {
        return avatica.newStatement(connection, handle, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaPreparedStatement newPreparedStatement(
            AvaticaConnection connection,
            Meta.StatementHandle handle,
            Meta.Signature signature,
            int resultSetType,
            int resultSetConcurrency,
            int resultSetHoldability)
            throws SQLException {
        return avatica.newPreparedStatement(
                connection, handle, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public AvaticaResultSet newResultSet(
            AvaticaStatement statement,
            QueryState state,
            Meta.Signature signature,
            TimeZone timeZone,
            Meta.Frame firstFrame)
            throws SQLException {
        ResultSetMetaData metaData = newResultSetMetaData(statement, signature);
        return new SluiceResultSet(statement, state, structuresAsSent(signature), metaData, timeZone, firstFrame);
    }

    @Override
    public AvaticaSpecificDatabaseMetaData newDatabaseMetaData(AvaticaConnection connection) {
        return new SluiceDatabaseMetaData(connection);
    }

    /**
     * The signature the values are read with: an {@code ARRAY}, {@code MAP} or {@code ROW} column as the list the
     * gateway sent, which {@link TranslatingResultSet} turns into Java values ({@link StructuredValues}).
     */
    private static Meta.Signature structuresAsSent(Meta.Signature signature) {
        return signature == null ? null : withColumns(signature, StructuredType::read);
    }

    /**
     * Avatica's metadata, where a {@code TIMESTAMP_LTZ} column is {@code TIMESTAMP_WITH_TIMEZONE} of class
     * {@link java.sql.Timestamp}: the gateway types it as text ({@code VARCHAR} named {@code TIMESTAMP_LTZ}), which
     * every Avatica client reads, and this driver's {@code getObject} returns the instant ({@link TranslatingResultSet}).
     * A {@code TIMESTAMP} beyond milliseconds, also sent as text ({@link PreciseTimestamps}), is {@code TIMESTAMP}. A
     * {@code ROW} is {@code STRUCT} and a {@code MAP} {@code JAVA_OBJECT} ({@link StructuredType#reported}). The
     * values are read with the signature as sent.
     */
    @Override
    public ResultSetMetaData newResultSetMetaData(AvaticaStatement statement, Meta.Signature signature)
            throws SQLException {
        Meta.Signature reported = withInstantTypes(signature);
        return avatica.newResultSetMetaData(
                statement, reported == null ? null : withColumns(reported, StructuredType::reported));
    }

    private static Meta.Signature withColumns(
            Meta.Signature signature, BiFunction<ColumnMetaData, StructuredType, ColumnMetaData> structured) {
        List<ColumnMetaData> columns = new ArrayList<>(signature.columns.size());
        boolean changed = false;
        for (ColumnMetaData column : signature.columns) {
            Optional<StructuredType> type = StructuredType.of(column);
            columns.add(type.isPresent() ? structured.apply(column, type.get()) : column);
            changed |= type.isPresent();
        }
        return changed ? withNewColumns(signature, columns) : signature;
    }

    private static Meta.Signature withInstantTypes(Meta.Signature signature) {
        if (signature == null
                || signature.columns.stream()
                        .noneMatch(c -> InstantValues.isSentAsText(c) || PreciseTimestamps.isSentAsText(c))) {
            return signature;
        }
        List<ColumnMetaData> columns = new ArrayList<>(signature.columns.size());
        for (ColumnMetaData c : signature.columns) {
            boolean instant = InstantValues.isSentAsText(c);
            columns.add(
                    instant || PreciseTimestamps.isSentAsText(c)
                            ? retyped(
                                    c,
                                    ColumnMetaData.scalar(
                                            instant ? java.sql.Types.TIMESTAMP_WITH_TIMEZONE : java.sql.Types.TIMESTAMP,
                                            c.type.name,
                                            ColumnMetaData.Rep.STRING),
                                    java.sql.Timestamp.class.getName())
                            : c);
        }
        return withNewColumns(signature, columns);
    }

    private static Meta.Signature withNewColumns(Meta.Signature signature, List<ColumnMetaData> columns) {
        return new Meta.Signature(
                columns,
                signature.sql,
                signature.parameters,
                signature.internalParameters,
                signature.cursorFactory,
                signature.statementType);
    }

    /**
     * A result column as the driver reads it when the gateway sent it in a form of its own (a precise timestamp or an
     * instant as text, a structure as lists): {@code column} with another type and Java class, all else kept.
     */
    static ColumnMetaData retyped(ColumnMetaData column, ColumnMetaData.AvaticaType type, String className) {
        return new ColumnMetaData(
                column.ordinal,
                column.autoIncrement,
                column.caseSensitive,
                column.searchable,
                column.currency,
                column.nullable,
                column.signed,
                column.displaySize,
                column.label,
                column.columnName,
                column.schemaName,
                column.precision,
                column.scale,
                column.tableName,
                column.catalogName,
                type,
                column.readOnly,
                column.writable,
                column.definitelyWritable,
                className);
    }
}
