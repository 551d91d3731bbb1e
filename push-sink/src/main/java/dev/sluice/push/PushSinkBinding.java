package dev.sluice.push;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.transformations.LegacySinkTransformation;
import org.apache.flink.table.data.RowData;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives the push sink of a reused plan a new run's ticket.
 *
 * <p>A pushed query's plan is Flink's translated transformations of {@code INSERT INTO} an inline {@code sluice-push}
 * table; the sink's options (its ticket: result id and secret, and the endpoint's address and trust) are in the sink
 * transformation's operator. Reusing the plan for another run replaces only that last transformation by one with the
 * new options, over the same input: Flink's parsing, optimisation and translation of the query are not repeated, as
 * for a collected query's cached plan.
 */
public final class PushSinkBinding {
    private PushSinkBinding() {}

    /**
     * {@code transformations} with the push sink among them replaced by one that carries {@code sinkOptions}.
     *
     * @param sinkOptions the sink's table options, as the result endpoint gives them for a new result
     * @throws IllegalArgumentException if no transformation is a push sink, or the options are not valid
     */
    public static List<Transformation<?>> bind(
            List<Transformation<?>> transformations, Map<String, String> sinkOptions) {
        return bind(transformations, sinkOptions, null);
    }

    /**
     * {@code transformations} with the push sink among them replaced by one that carries {@code sinkOptions} and is
     * named {@code sinkName}: the name of the task that runs it ends with it, so that a failure of a job that runs
     * several queries can be traced to the query whose task failed.
     *
     * @param sinkName the sink's name; null keeps the plan's
     */
    public static List<Transformation<?>> bind(
            List<Transformation<?>> transformations, Map<String, String> sinkOptions, @Nullable String sinkName) {
        List<Transformation<?>> bound = new ArrayList<>(transformations.size());
        boolean found = false;
        for (Transformation<?> transformation : transformations) {
            if (pushSinkOperator(transformation) != null) {
                bound.add(rebind((LegacySinkTransformation<?>) transformation, sinkOptions, sinkName));
                found = true;
            } else {
                bound.add(transformation);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("No push sink among the plan's transformations: " + transformations);
        }
        return bound;
    }

    private static LegacySinkTransformation<RowData> rebind(
            LegacySinkTransformation<?> sink, Map<String, String> sinkOptions, @Nullable String sinkName) {
        PushSinkOperator old = pushSinkOperator(sink);
        Map<String, String> options = new HashMap<>(sinkOptions);
        options.remove("connector");
        PushSinkSettings settings = PushSinkSettings.from(Configuration.fromMap(options));
        @SuppressWarnings("unchecked")
        Transformation<RowData> input =
                (Transformation<RowData>) sink.getInputs().get(0);
        return PushStreamSink.transformation(
                input, old.withSettings(settings), sinkName != null ? sinkName : sink.getName());
    }

    private static PushSinkOperator pushSinkOperator(Transformation<?> transformation) {
        if (transformation instanceof LegacySinkTransformation<?> sink) {
            StreamOperatorFactory<Object> factory = sink.getOperatorFactory();
            if (factory instanceof SimpleOperatorFactory<?> simple
                    && simple.getOperator() instanceof PushSinkOperator operator) {
                return operator;
            }
        }
        return null;
    }
}
