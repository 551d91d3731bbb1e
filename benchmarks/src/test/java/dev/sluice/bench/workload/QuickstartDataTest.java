package dev.sluice.bench.workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

final class QuickstartDataTest {
    @Test
    void generatesTheSameOrdersFromTheSameSeed() {
        assertThat(QuickstartData.orders(1000, 50, 27)).isEqualTo(QuickstartData.orders(1000, 50, 27));
        assertThat(QuickstartData.orders(1000, 50, 28)).isNotEqualTo(QuickstartData.orders(1000, 50, 27));
    }

    @Test
    void generatesOrdersWithTheQuickstartsSchemaAndRanges() {
        List<String> orders = QuickstartData.orders(20_000, 1000, 27);

        assertThat(orders).hasSize(20_000);
        assertThat(orders.get(0)).startsWith("1,");
        assertThat(orders).allSatisfy(line -> {
            String[] fields = line.split(",");
            assertThat(fields).hasSize(5);
            assertThat(Integer.parseInt(fields[1])).isBetween(1, 1000);
            assertThat(fields[2]).isBetween("2026-01-01", "2026-06-30");
            assertThat(fields[3]).isIn("shipped", "returned", "pending");
            assertThat(new java.math.BigDecimal(fields[4]))
                    .isBetween(new java.math.BigDecimal("5.00"), new java.math.BigDecimal("500.00"));
            assertThat(fields[4]).matches("\\d+\\.\\d\\d");
        });
    }

    @Test
    void givesTheStatusesTheQuickstartsShares() {
        Map<String, Long> statuses = QuickstartData.orders(30_000, 1000, 27).stream()
                .map(line -> line.split(",")[3])
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));

        assertThat(statuses.get("shipped") / 30_000.0).isCloseTo(190 / 300.0, within(0.02));
        assertThat(statuses.get("returned") / 30_000.0).isCloseTo(62 / 300.0, within(0.02));
        assertThat(statuses.get("pending") / 30_000.0).isCloseTo(48 / 300.0, within(0.02));
    }

    @Test
    void namesTheFirstTwelveCustomersAsTheQuickstartAndNumbersTheRest() throws Exception {
        List<String> customers = QuickstartData.customers(1000);

        assertThat(customers).hasSize(1000);
        assertThat(customers.subList(0, 12)).isEqualTo(shipped(QuickstartData.CUSTOMERS_FILE));
        assertThat(customers.get(12)).isEqualTo("13,Acme 2,AMER");
        assertThat(customers.get(999)).isEqualTo("1000,Umbrella 84,AMER");
    }

    @Test
    void shipsTheQuickstartsTwelveCustomersAndThreeHundredOrders() throws Exception {
        assertThat(shipped(QuickstartData.CUSTOMERS_FILE)).hasSize(QuickstartData.SHIPPED_CUSTOMERS);
        assertThat(shipped(QuickstartData.ORDERS_FILE)).hasSize(QuickstartData.SHIPPED_ORDERS);
    }

    @Test
    void writesTheShippedOrGeneratedFiles(@TempDir Path directory) throws Exception {
        QuickstartData.writeGenerated(directory.resolve("large"), 30, 400, 27);
        QuickstartData.writeShipped(directory.resolve("small"));

        assertThat(Files.readAllLines(directory.resolve("large/customers.csv")))
                .isEqualTo(QuickstartData.customers(30));
        assertThat(Files.readAllLines(directory.resolve("large/orders.csv")))
                .isEqualTo(QuickstartData.orders(400, 30, 27));
        assertThat(Files.readAllLines(directory.resolve("small/orders.csv")))
                .isEqualTo(shipped(QuickstartData.ORDERS_FILE));
        try (var files = Files.list(directory.resolve("large"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .containsExactlyInAnyOrder("customers.csv", "orders.csv");
        }
    }

    private static List<String> shipped(String file) throws Exception {
        try (var in = QuickstartData.class.getResourceAsStream(QuickstartData.RESOURCE + file)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        }
    }
}
