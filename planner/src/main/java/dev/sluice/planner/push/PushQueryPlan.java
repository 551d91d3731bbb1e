package dev.sluice.planner.push;

import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.DataStructureConverter;
import org.apache.flink.table.data.conversion.DataStructureConverters;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.DataTypeUtils;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * A validated query and the shape of its pushed rows; {@link #submit} runs it once.
 *
 * <p>Why not reuse: the push sink's ticket and address are table options, so Flink translates them into the sink
 * object of the job's transformations; a plan is good for one ticket. Flink 2.3 reuses a plan only for a query with
 * its collect sink ({@code DQLCachedPlan}, run by {@code executeCachedPlanInternal}, which rejects any other plan);
 * running translated transformations of an INSERT goes through {@code TableEnvironmentImpl.executeInternal(List
 * <Transformation>, List<String>)}, which is private, and a Sink V2 writer sees neither the job's configuration nor
 * its global job parameters ({@code WriterInitContext} offers job and task info only), so a per-submission ticket
 * cannot reach a reused sink through the job either. Reuse would need the gateway to build the pipeline itself
 * ({@code Planner.translate}, then the executor's {@code createPipeline}/{@code executeAsync}) with a sink whose
 * ticket is replaced before each job graph is generated; that is left for when the push path is wired.
 */
public final class PushQueryPlan {
    /** The option that names the connector; the sink options must set it. */
    public static final String CONNECTOR = "connector";

    private final Table table;
    private final ResolvedSchema schema;
    private final DataType rowDataType;

    PushQueryPlan(Table table) {
        this.table = requireNonNull(table, "table is null");
        this.schema = table.getResolvedSchema();
        this.rowDataType = physicalRowType(schema);
    }

    /** The query's columns, for the result's metadata. */
    public ResolvedSchema schema() {
        return schema;
    }

    /** The type of the rows the sink sends. */
    public RowType rowType() {
        return (RowType) rowDataType.getLogicalType();
    }

    /** A new reader of the rows the sink sends, row kinds included; not thread-safe, so one per result. */
    public RowDataSerializer newSerializer() {
        return new RowDataSerializer(rowType());
    }

    /**
     * A new converter from the rows the sink sends to the external rows the collect path returns (kind included);
     * not thread-safe, so one per result.
     */
    public Function<RowData, Row> newRowConverter() {
        @SuppressWarnings("unchecked")
        DataStructureConverter<RowData, Row> converter = (DataStructureConverter<RowData, Row>)
                (DataStructureConverter<?, ?>) DataStructureConverters.getConverter(rowDataType);
        converter.open(Thread.currentThread().getContextClassLoader());
        return converter::toExternal;
    }

    /**
     * Inserts the query into an inline table of the push connector and submits the job; returns once it is
     * submitted. Run it on the session's planning thread, as {@link PushQueryPlanner#plan}.
     *
     * @param sinkOptions the push sink's table options, {@code connector} included (from the result endpoint)
     */
    public PushQueryJob submit(Map<String, String> sinkOptions) {
        requireNonNull(sinkOptions, "sinkOptions is null");
        String connector = sinkOptions.get(CONNECTOR);
        if (connector == null) {
            throw new IllegalArgumentException("sinkOptions must name the connector");
        }
        TableDescriptor.Builder sink = TableDescriptor.forConnector(connector)
                .schema(Schema.newBuilder().fromRowDataType(rowDataType).build());
        sinkOptions.forEach((key, value) -> {
            if (!key.equals(CONNECTOR)) {
                sink.option(key, value);
            }
        });
        TableResult insert = table.insertInto(sink.build()).execute();
        JobClient jobClient = insert.getJobClient()
                .orElseThrow(() -> new TableException("The INSERT of a pushed query submitted no job"));
        return new PushQueryJob(insert, jobClient);
    }

    /**
     * The query's columns as the sink's row: names and types without time attributes (a sink column is a plain
     * timestamp), so that the sink table is valid for every query.
     */
    static DataType physicalRowType(ResolvedSchema schema) {
        List<Column> columns = schema.getColumns();
        DataTypes.Field[] fields = new DataTypes.Field[columns.size()];
        for (int i = 0; i < fields.length; i++) {
            Column column = columns.get(i);
            fields[i] = DataTypes.FIELD(column.getName(), DataTypeUtils.removeTimeAttribute(column.getDataType()));
        }
        return DataTypes.ROW(fields).notNull();
    }
}
