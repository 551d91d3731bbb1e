package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class DataSizeTest {
    @Test
    void givesItsNameAndCountsAsVariables() {
        assertThat(new DataSize("large", DataSize.Source.GENERATED, 1000, 100_000, 27).variables())
                .containsExactly(
                        java.util.Map.entry("size", "large"),
                        java.util.Map.entry("customers", "1000"),
                        java.util.Map.entry("orders", "100000"));
        assertThat(new DataSize("default", DataSize.Source.NONE, 0, 0, 0).variables())
                .containsOnlyKeys("size");
    }

    @Test
    void writesItsFilesToTheDirectory(@TempDir Path directory) throws Exception {
        new DataSize("large", DataSize.Source.GENERATED, 30, 400, 27).writeFiles(directory.resolve("large"));
        new DataSize("none", DataSize.Source.NONE, 0, 0, 0).writeFiles(directory.resolve("none"));

        assertThat(Files.readAllLines(directory.resolve("large/orders.csv")))
                .isEqualTo(QuickstartData.orders(400, 30, 27));
        assertThat(directory.resolve("none")).doesNotExist();
    }

    @Test
    void refusesGeneratedDataWithoutCustomersOrOrders() {
        assertThatThrownBy(() -> new DataSize("s", DataSize.Source.GENERATED, 0, 5, 1))
                .hasMessage("generated data needs at least 1 customer and 1 order, was 0 and 5");
    }
}
