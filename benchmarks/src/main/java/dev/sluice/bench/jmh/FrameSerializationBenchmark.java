package dev.sluice.bench.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Avatica protobuf versus JSON for one result page ({@link ResultFrames}: 5 columns, 10, 1,000 or 100,000 rows) sent
 * as the answer to a fetch: encoding on the gateway, decoding in the driver.
 *
 * <p>Each benchmark goes from objects to the bytes on the wire or back, the way the two ends do it: protobuf through
 * Avatica's {@link ProtobufTranslationImpl}; JSON through {@link JsonService#MAPPER} plus the UTF-8 conversion of the
 * gateway's {@code AvaticaRequestHandler} (encode) and of Avatica's {@code RemoteService} (decode). The size of both
 * encodings is printed once per trial (lines starting with {@code # Encoded fetch response}), since bytes on the
 * network count as much as the time.
 *
 * <p>Full run, about four minutes on two cores ({@code -prof gc} adds the allocation per operation):
 *
 * <pre>
 * bin/sluice-jmh FrameSerializationBenchmark
 * bin/sluice-jmh FrameSerializationBenchmark -p rows=1000 -prof gc
 * </pre>
 *
 * <p>Not final: JMH generates subclasses of benchmark classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class FrameSerializationBenchmark {
    @Param({"10", "1000", "100000"})
    public int rows;

    private final ProtobufTranslation protobuf = new ProtobufTranslationImpl();
    private final ObjectMapper json = JsonService.MAPPER;

    // set in @Setup; an empty page until then keeps the fields non-null
    private Service.FetchResponse response = ResultFrames.generate(0).fetchResponse();
    private byte[] protobufBytes = new byte[0];
    private byte[] jsonBytes = new byte[0];

    @Setup(Level.Trial)
    public void encodeOnce() throws IOException {
        response = ResultFrames.generate(rows).fetchResponse();
        protobufBytes = protobufEncode();
        jsonBytes = jsonEncode();
        System.err.printf(
                Locale.ROOT,
                "%n# Encoded fetch response, %,d rows x %d columns: protobuf %,d bytes (%.1f a row),"
                        + " JSON %,d bytes (%.1f a row), JSON/protobuf %.2f%n",
                rows,
                ResultFrames.COLUMN_COUNT,
                protobufBytes.length,
                perRow(protobufBytes.length),
                jsonBytes.length,
                perRow(jsonBytes.length),
                (double) jsonBytes.length / protobufBytes.length);
    }

    @Benchmark
    public byte[] protobufEncode() throws IOException {
        return protobuf.serializeResponse(response);
    }

    @Benchmark
    public Service.Response protobufDecode() throws IOException {
        return protobuf.parseResponse(protobufBytes);
    }

    @Benchmark
    public byte[] jsonEncode() throws IOException {
        return json.writeValueAsString(response).getBytes(StandardCharsets.UTF_8);
    }

    @Benchmark
    public Service.Response jsonDecode() throws IOException {
        return json.readValue(new String(jsonBytes, StandardCharsets.UTF_8), Service.Response.class);
    }

    private double perRow(int bytes) {
        return rows == 0 ? 0 : (double) bytes / rows;
    }
}
