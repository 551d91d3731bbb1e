package dev.sluice.bench.jmh;

import org.apache.calcite.avatica.remote.JsonService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class ObjectMapperBenchmarkTest {
    @Test
    void everyVariantWritesTheJsonOfAvaticasMapper() throws Exception {
        ObjectMapperBenchmark benchmark = new ObjectMapperBenchmark();
        benchmark.generateResponse();
        String expected = JsonService.MAPPER.writeValueAsString(
                ResultFrames.generate(ObjectMapperBenchmark.ROWS).fetchResponse());

        assertThat(benchmark.sharedMapper()).isEqualTo(expected).contains("\"response\":\"fetch\"");
        assertThat(benchmark.threadLocalMapper()).isEqualTo(expected);
        assertThat(benchmark.sharedWriter()).isEqualTo(expected);
    }
}
