package dev.sluice.bench.jmh;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.SqlType;
import org.apache.calcite.avatica.remote.Service;

import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A page of a typical OLAP result as the gateway puts it on the wire: five columns (a {@code VARCHAR} name of 8 to 24
 * characters, a {@code BIGINT} id, a {@code DOUBLE} measure, a {@code DECIMAL(12, 2)} amount and a
 * {@code TIMESTAMP(3)}), deterministic for a seed.
 *
 * <p>Values and column metadata have the shapes the gateway produces (its {@code WireValues} and {@code ColumnTypes}):
 * each row an {@code ArrayList} of {@code String}, {@code Long}, {@code Double}, {@code BigDecimal} and the timestamp
 * as {@code Long} epoch milliseconds; the column's {@link ColumnMetaData.Rep} is the one of the JDBC type's internal
 * class, as in Avatica's JDBC server.
 */
public final class ResultFrames {
    /** The seed of {@link #generate(int)}, so every run measures the same bytes. */
    public static final long DEFAULT_SEED = 20_261_121L;

    static final String SQL = "SELECT name, id, measure, amount, event_time FROM orders";
    static final int COLUMN_COUNT = 5;

    private static final String CONNECTION_ID = "0f5c4b8e-6a1d-4c3b-9a57-3d2e1f0a9b84";
    private static final int STATEMENT_ID = 7;
    private static final Service.RpcMetadataResponse RPC_METADATA =
            new Service.RpcMetadataResponse("sluice-gateway:8765");
    private static final List<ColumnMetaData> COLUMNS = List.of(
            column(0, "name", Types.VARCHAR, "VARCHAR", Integer.MAX_VALUE, 0, Integer.MAX_VALUE, false),
            column(1, "id", Types.BIGINT, "BIGINT", 19, 0, 19, true),
            column(2, "measure", Types.DOUBLE, "DOUBLE", 15, 0, 15, true),
            column(3, "amount", Types.DECIMAL, "DECIMAL", 12, 2, 14, true),
            column(4, "event_time", Types.TIMESTAMP, "TIMESTAMP", 3, 0, 29, false));

    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_ ";
    private static final long FIRST_EVENT_MILLIS =
            Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final long YEAR_MILLIS = 365L * 24 * 60 * 60 * 1000;

    private final List<Object> rows;

    private ResultFrames(List<Object> rows) {
        this.rows = rows;
    }

    /** A result of {@code rowCount} rows from {@link #DEFAULT_SEED}. */
    public static ResultFrames generate(int rowCount) {
        return generate(rowCount, DEFAULT_SEED);
    }

    /** A result of {@code rowCount} rows; the same seed gives the same rows. */
    public static ResultFrames generate(int rowCount, long seed) {
        if (rowCount < 0) {
            throw new IllegalArgumentException("rowCount must be at least 0, was " + rowCount);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Object> rows = new ArrayList<>(rowCount);
        for (int i = 0; i < rowCount; i++) {
            rows.add(row(random));
        }
        return new ResultFrames(Collections.unmodifiableList(rows));
    }

    /** The column metadata of the five columns, in order. */
    public List<ColumnMetaData> columns() {
        return COLUMNS;
    }

    /** The rows, each a list of five wire values. */
    public List<Object> rows() {
        return rows;
    }

    /** The signature of the query, as the gateway sends it with the first page. */
    public Meta.Signature signature() {
        return new Meta.Signature(
                COLUMNS, SQL, List.of(), Collections.emptyMap(), Meta.CursorFactory.LIST, Meta.StatementType.SELECT);
    }

    /** All rows as one page from offset 0, the last of the result. */
    public Meta.Frame frame() {
        return new Meta.Frame(0, true, rows);
    }

    /** The rows as the answer to a fetch request. */
    public Service.FetchResponse fetchResponse() {
        return new Service.FetchResponse(frame(), false, false, RPC_METADATA);
    }

    /** The rows as the first page of an execute request's result set: signature and first frame. */
    public Service.ResultSetResponse resultSetResponse() {
        return new Service.ResultSetResponse(
                CONNECTION_ID, STATEMENT_ID, false, signature(), frame(), -1, RPC_METADATA);
    }

    private static List<Object> row(SplittableRandom random) {
        List<Object> row = new ArrayList<>(COLUMN_COUNT);
        row.add(name(random, 8 + random.nextInt(17)));
        row.add(random.nextLong(1L << 40));
        row.add(random.nextDouble() * 10_000);
        row.add(BigDecimal.valueOf(random.nextLong(1_000_000_000L), 2));
        row.add(FIRST_EVENT_MILLIS + random.nextLong(YEAR_MILLIS));
        return row;
    }

    private static String name(SplittableRandom random, int length) {
        char[] name = new char[length];
        for (int i = 0; i < length; i++) {
            name[i] = LETTERS.charAt(random.nextInt(LETTERS.length()));
        }
        return new String(name);
    }

    // the constructor call of the gateway's ColumnTypes.column, for a nullable column of a query
    private static ColumnMetaData column(
            int ordinal,
            String name,
            int jdbcType,
            String typeName,
            int precision,
            int scale,
            int displaySize,
            boolean signed) {
        SqlType sqlType = SqlType.valueOf(jdbcType);
        ColumnMetaData.AvaticaType type =
                ColumnMetaData.scalar(jdbcType, typeName, ColumnMetaData.Rep.of(sqlType.internal));
        return new ColumnMetaData(
                ordinal,
                false,
                true,
                true,
                false,
                DatabaseMetaData.columnNullable,
                signed,
                displaySize,
                name,
                name,
                null,
                precision,
                scale,
                null,
                null,
                type,
                true,
                false,
                false,
                ColumnMetaData.Rep.nonPrimitiveRepOf(sqlType).clazz.getName());
    }
}
