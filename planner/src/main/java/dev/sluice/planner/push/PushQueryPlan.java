package dev.sluice.planner.push;

import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TablePipeline;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.DataStructureConverter;
import org.apache.flink.table.data.conversion.DataStructureConverters;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.DataTypeUtils;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * A validated query and the shape of its pushed rows; {@link #compile} translates it, with its sink, into a {@link
 * CompiledPushQuery} that runs it as a job, once or again.
 *
 * <p>The push sink's ticket and address are table options, so Flink translates them into the sink of the job's
 * transformations, and Flink's own plan reuse ({@code DQLCachedPlan}) takes only a query with its collect sink. A
 * compiled pushed query is reused by giving each run's transformations a new sink over the same translated input
 * (see {@link CompiledPushQuery#submit}), and running them as Flink runs a translated statement.
 */
public final class PushQueryPlan {
    /** The option that names the connector; the sink options must set it. */
    public static final String CONNECTOR = "connector";

    private final TableEnvironment environment;
    private final Table table;
    private final ResolvedSchema schema;
    private final DataType rowDataType;

    PushQueryPlan(TableEnvironment environment, Table table) {
        this.environment = requireNonNull(environment, "environment is null");
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
        return newSerializer(rowDataType);
    }

    static RowDataSerializer newSerializer(DataType rowDataType) {
        return new RowDataSerializer((RowType) rowDataType.getLogicalType());
    }

    /**
     * A new converter from the rows the sink sends to the external rows the collect path returns (kind included);
     * not thread-safe, so one per result.
     */
    public Function<RowData, Row> newRowConverter() {
        return newRowConverter(rowDataType);
    }

    static Function<RowData, Row> newRowConverter(DataType rowDataType) {
        @SuppressWarnings("unchecked")
        DataStructureConverter<RowData, Row> converter = (DataStructureConverter<RowData, Row>)
                (DataStructureConverter<?, ?>) DataStructureConverters.getConverter(rowDataType);
        converter.open(Thread.currentThread().getContextClassLoader());
        return converter::toExternal;
    }

    /**
     * Inserts the query into an inline table of the push connector and translates it to Flink's transformations:
     * parsing, optimisation and translation, no job yet. Run it on the session's planning thread, as {@link
     * PushQueryPlanner#plan}.
     *
     * @param sinkOptions the push sink's table options, {@code connector} included (from the result endpoint)
     */
    public CompiledPushQuery compile(Map<String, String> sinkOptions) {
        TablePipeline insert = insertInto(sinkOptions);
        ModifyOperation operation = TableEnvironmentInternals.modifyOperation(insert);
        List<Transformation<?>> transformations = TableEnvironmentInternals.translate(environment, operation);
        String sinkName = insert.getSinkIdentifier()
                .map(ObjectIdentifier::asSummaryString)
                .orElse(sinkOptions.get(CONNECTOR));
        return new CompiledPushQuery(
                environment,
                table.getQueryOperation(),
                schema,
                rowDataType,
                transformations,
                sinkName,
                ResultChanges.of(environment, table.getQueryOperation()),
                sinkOptions);
    }

    /**
     * The query inserted into an inline table of the push connector, as Flink's compiled plan (JSON): planned and
     * optimised, not translated. Flink restores it with {@link CompiledPushQuery#restoredFrom}.
     *
     * @param sinkOptions the push sink's table options, {@code connector} included
     * @throws org.apache.flink.table.api.TableException if a part of the plan cannot be compiled
     */
    public String compilePlan(Map<String, String> sinkOptions) {
        return TableEnvironmentInternals.compilePlan(
                environment, TableEnvironmentInternals.modifyOperation(insertInto(sinkOptions)));
    }

    private TablePipeline insertInto(Map<String, String> sinkOptions) {
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
        return table.insertInto(sink.build());
    }

    /** {@link #compile}s the query and submits it once; returns once the job is submitted. */
    public PushQueryJob submit(Map<String, String> sinkOptions) {
        return compile(sinkOptions).submit(UnaryOperator.identity());
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
