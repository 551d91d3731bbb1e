package dev.sluice.bench.jmh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.Service;
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

import java.util.concurrent.TimeUnit;

/**
 * JSON serialization of a 1,000-row fetch response ({@link ResultFrames}) by many threads at once, three ways:
 *
 * <ul>
 *   <li>{@link #sharedMapper}: one {@code ObjectMapper} for all threads, Avatica's own {@link JsonService#MAPPER} (what
 *       Avatica's JSON handler and stock Flink's REST layer do);
 *   <li>{@link #threadLocalMapper}: an {@code ObjectMapper} per thread from {@code ThreadLocal.withInitial}, each a
 *       {@link ObjectMapper#copy() copy} of {@code JsonService.MAPPER}, so the configuration is the same;
 *   <li>{@link #sharedWriter}: one immutable {@code ObjectWriter} ({@code writerFor(Service.Response.class)}) for all
 *       threads, with the root type's polymorphic type handling resolved up front; what a careful implementation does
 *       instead of a thread-local.
 * </ul>
 *
 * <p>The comparison decides how the gateway's Avatica JSON path (and the JSON Sluice builds for Flink's REST API)
 * holds its mapper: issue #4 asks for a thread-local {@code ObjectMapper} measured against the shared one at 1, 2 and
 * 16 threads, keeping whichever wins as the configurable default. If the thread-local mapper is not faster than the
 * shared one, contention on the mapper is not what costs; if the shared writer matches or beats the thread-local
 * mapper, it is the simpler choice (one object, no per-thread copies of the serializer caches).
 *
 * <p>The thread count is JMH's {@code -t}; run all three, one after the other (about a minute each on two cores):
 *
 * <pre>
 * bin/sluice-jmh ObjectMapperBenchmark -t 1
 * bin/sluice-jmh ObjectMapperBenchmark -t 2
 * bin/sluice-jmh ObjectMapperBenchmark -t 16
 * </pre>
 *
 * <p>16 threads on two cores is deliberate: the gateway's RPC executor ({@code sluice.server.rpc-threads}, 64 by
 * default) runs more threads than the machine has cores.
 *
 * <p>Not final: JMH generates subclasses of benchmark classes.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class ObjectMapperBenchmark {
    static final int ROWS = 1_000;

    private final ObjectMapper sharedMapper = JsonService.MAPPER;
    private final ObjectWriter sharedWriter = JsonService.MAPPER.writerFor(Service.Response.class);
    private final ThreadLocal<ObjectMapper> threadLocalMappers = ThreadLocal.withInitial(JsonService.MAPPER::copy);

    // set in @Setup; an empty page until then keeps the fields non-null
    private Service.FetchResponse response = ResultFrames.generate(0).fetchResponse();

    @Setup(Level.Trial)
    public void generateResponse() {
        response = ResultFrames.generate(ROWS).fetchResponse();
    }

    @Benchmark
    public String sharedMapper() throws JsonProcessingException {
        return sharedMapper.writeValueAsString(response);
    }

    @Benchmark
    public String threadLocalMapper() throws JsonProcessingException {
        return threadLocalMappers.get().writeValueAsString(response);
    }

    @Benchmark
    public String sharedWriter() throws JsonProcessingException {
        return sharedWriter.writeValueAsString(response);
    }
}
