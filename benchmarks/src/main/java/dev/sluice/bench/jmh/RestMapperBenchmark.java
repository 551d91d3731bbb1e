package dev.sluice.bench.jmh;

import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.runtime.rest.messages.job.coordination.ClientCoordinationRequestBody;
import org.apache.flink.runtime.rest.messages.job.coordination.ClientCoordinationResponseBody;
import org.apache.flink.runtime.rest.util.RestMapperUtils;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationRequest;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;
import org.apache.flink.util.SerializedValue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The JSON of one result poll on Flink's REST API, as Sluice's pooled REST transport handles it: write the collect
 * sink's coordination request body, then read a coordination response body carrying a page of rows (1,000 rows of
 * 64 bytes, base64 in the JSON), with Flink's shaded Jackson, two ways:
 *
 * <ul>
 *   <li>{@link #sharedMappers}: Flink's process-wide {@code RestMapperUtils} mappers (what Flink's REST client uses,
 *       and the transport's {@code sluice.cluster.rest.object-mapper: SHARED});
 *   <li>{@link #threadLocalMappers}: a copy of each per thread ({@code THREAD_LOCAL}).
 * </ul>
 *
 * <pre>
 * bin/sluice-jmh RestMapperBenchmark -t 1
 * bin/sluice-jmh RestMapperBenchmark -t 2
 * bin/sluice-jmh RestMapperBenchmark -t 16
 * </pre>
 *
 * <p>Not final: JMH generates subclasses of benchmark classes.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class RestMapperBenchmark {
    static final int ROWS = 1_000;
    static final int ROW_BYTES = 64;

    private final ObjectMapper sharedStrict = RestMapperUtils.getStrictObjectMapper();
    private final ObjectMapper sharedFlexible = RestMapperUtils.getFlexibleObjectMapper();
    private final ThreadLocal<ObjectMapper> localStrict =
            ThreadLocal.withInitial(RestMapperUtils.getStrictObjectMapper()::copy);
    private final ThreadLocal<ObjectMapper> localFlexible =
            ThreadLocal.withInitial(RestMapperUtils.getFlexibleObjectMapper()::copy);

    // set in @Setup; empty values until then keep the fields non-null
    private ClientCoordinationRequestBody request = new ClientCoordinationRequestBody(null);
    private byte[] responseJson = new byte[0];

    @Setup(Level.Trial)
    public void generateBodies() throws IOException {
        request = new ClientCoordinationRequestBody(
                new SerializedValue<CoordinationRequest>(new CollectCoordinationRequest("version-1", 4_000)));
        Random random = new Random(42);
        List<byte[]> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            byte[] row = new byte[ROW_BYTES];
            random.nextBytes(row);
            rows.add(row);
        }
        CoordinationResponse page = new CollectCoordinationResponse("version-1", 3_000, rows);
        responseJson = sharedStrict.writeValueAsBytes(new ClientCoordinationResponseBody(new SerializedValue<>(page)));
    }

    @Benchmark
    public ClientCoordinationResponseBody sharedMappers() throws IOException {
        return poll(sharedStrict, sharedFlexible);
    }

    @Benchmark
    public ClientCoordinationResponseBody threadLocalMappers() throws IOException {
        return poll(localStrict.get(), localFlexible.get());
    }

    /** One poll's JSON work, as the transport does it: write the request, parse the answer as a tree, then type it. */
    private ClientCoordinationResponseBody poll(ObjectMapper strict, ObjectMapper flexible) throws IOException {
        byte[] written = strict.writeValueAsBytes(request);
        if (written.length == 0) {
            throw new IllegalStateException("empty request body");
        }
        JsonNode tree = strict.readTree(responseJson);
        return flexible.readValue(flexible.treeAsTokens(tree), ClientCoordinationResponseBody.class);
    }
}
