package dev.sluice.planner.push;

import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * A pushed query translated into Flink's transformations, its push sink included: a job each time it is submitted.
 * Belongs to the TableEnvironment that compiled it, and runs only there, on its planning thread.
 */
public final class CompiledPushQuery {
    private final TableEnvironment environment;
    private final QueryOperation query;
    private final ResolvedSchema schema;
    private final DataType rowDataType;
    private final List<Transformation<?>> transformations;
    private final String sinkName;
    private final ResultChanges changes;
    // the sink's options it was compiled with, for compiling the query again with other literals
    private final Map<String, String> sinkOptions;

    CompiledPushQuery(
            TableEnvironment environment,
            QueryOperation query,
            ResolvedSchema schema,
            DataType rowDataType,
            List<Transformation<?>> transformations,
            String sinkName,
            ResultChanges changes,
            Map<String, String> sinkOptions) {
        this.environment = requireNonNull(environment, "environment is null");
        this.query = requireNonNull(query, "query is null");
        this.schema = requireNonNull(schema, "schema is null");
        this.rowDataType = requireNonNull(rowDataType, "rowDataType is null");
        this.transformations = List.copyOf(transformations);
        this.sinkName = requireNonNull(sinkName, "sinkName is null");
        this.changes = requireNonNull(changes, "changes is null");
        this.sinkOptions = Map.copyOf(sinkOptions);
    }

    /** The push sink's table options the query was compiled with, {@code connector} included. */
    public Map<String, String> sinkOptions() {
        return sinkOptions;
    }

    /**
     * The query of a compiled plan (Flink's JSON) of this query with other literals, translated on {@code
     * environment}: the same columns, result changes and sink; its rows are what that plan makes.
     *
     * @param environment the TableEnvironment the query will run on, on its planning thread
     * @param planJson a compiled plan of this query with other values of its literals, whose sink has this query's
     *     sink options
     */
    public CompiledPushQuery restoredFrom(TableEnvironment environment, String planJson) {
        requireNonNull(planJson, "planJson is null");
        return new CompiledPushQuery(
                environment,
                query,
                schema,
                rowDataType,
                TableEnvironmentInternals.translatePlan(environment, planJson),
                sinkName,
                changes,
                sinkOptions);
    }

    /** This query without its transformations, to keep beside a template of its plan; not to be run. */
    public CompiledPushQuery withoutTransformations() {
        return new CompiledPushQuery(
                environment, query, schema, rowDataType, List.of(), sinkName, changes, sinkOptions);
    }

    /** Whether the result is inserts only, which a client may read as they arrive, or a changelog. */
    public ResultChanges changes() {
        return changes;
    }

    /** The TableEnvironment that compiled the query, the only one that may run it. */
    public TableEnvironment environment() {
        return environment;
    }

    /** The validated query, for judging whether its plan may be reused. */
    public QueryOperation query() {
        return query;
    }

    /** The query's columns, for the result's metadata. */
    public ResolvedSchema schema() {
        return schema;
    }

    /** A new reader of the rows the sink sends, row kinds included; not thread-safe, so one per result. */
    public RowDataSerializer newSerializer() {
        return PushQueryPlan.newSerializer(rowDataType);
    }

    /** A new converter from the sink's rows to the rows the collect path returns; one per result. */
    public Function<RowData, Row> newRowConverter() {
        return PushQueryPlan.newRowConverter(rowDataType);
    }

    /**
     * The query's transformations with the push sink of one run.
     *
     * @param bindSink gives the transformations the push sink of this run: the identity for the run the query was
     *     compiled for, a new ticket's sink for a later run ({@code PushSinkBinding.bind} on the gateway)
     */
    public BoundPushQuery bind(UnaryOperator<List<Transformation<?>>> bindSink) {
        requireNonNull(bindSink, "bindSink is null");
        return new BoundPushQuery(bindSink.apply(transformations), sinkName);
    }

    /**
     * Submits the query as a new job; returns once it is submitted.
     *
     * @param bindSink see {@link #bind}
     */
    public PushQueryJob submit(UnaryOperator<List<Transformation<?>>> bindSink) {
        return submitTogether(environment, List.of(bind(bindSink)));
    }

    /**
     * Submits several bound queries as one job, through {@code environment}, whose configuration the job takes;
     * returns once it is submitted. The queries' transformations are disjoint graphs, so each runs as its own
     * pipelined region of the job, with its own sink.
     *
     * @param environment the TableEnvironment of one of the queries, on its planning thread; the others must have been
     *     compiled with an equal configuration and no code of their own, since the job gets only this one's
     */
    public static PushQueryJob submitTogether(TableEnvironment environment, List<BoundPushQuery> queries) {
        requireNonNull(environment, "environment is null");
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("queries is empty");
        }
        List<Transformation<?>> transformations = new ArrayList<>();
        List<String> sinkNames = new ArrayList<>();
        for (BoundPushQuery query : queries) {
            transformations.addAll(query.transformations());
            sinkNames.add(query.sinkName());
        }
        TableResult insert;
        // Flink would wait for the INSERT's job to end with table.dml-sync, and that job ends only once the gateway
        // has read its rows, which it does after this returns: off for the submission, whatever the session says
        TableConfig config = environment.getConfig();
        boolean dmlSync = config.get(TableConfigOptions.TABLE_DML_SYNC);
        if (dmlSync) {
            config.set(TableConfigOptions.TABLE_DML_SYNC, false);
        }
        try {
            insert = TableEnvironmentInternals.executeTransformations(environment, transformations, sinkNames);
        } finally {
            if (dmlSync) {
                config.set(TableConfigOptions.TABLE_DML_SYNC, true);
            }
        }
        JobClient jobClient = insert.getJobClient()
                .orElseThrow(() -> new TableException("The INSERT of a pushed query submitted no job"));
        return new PushQueryJob(insert, jobClient);
    }
}
