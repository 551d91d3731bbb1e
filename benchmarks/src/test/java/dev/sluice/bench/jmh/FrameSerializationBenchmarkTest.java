package dev.sluice.bench.jmh;

import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class FrameSerializationBenchmarkTest {
    @Test
    void decodeBenchmarksReadBackTheEncodedFetchResponse() throws Exception {
        FrameSerializationBenchmark benchmark = new FrameSerializationBenchmark();
        benchmark.rows = 10;
        benchmark.encodeOnce();
        ResultFrames frames = ResultFrames.generate(10);

        assertThat(benchmark.protobufDecode()).isEqualTo(frames.fetchResponse());
        assertThat(benchmark.jsonDecode())
                .isInstanceOfSatisfying(
                        Service.FetchResponse.class,
                        fetch -> assertThat(ClientValues.of(fetch.frame, frames.columns()))
                                .isEqualTo(ClientValues.of(frames.frame(), frames.columns())));
    }
}
