package dev.sluice.bench.workload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The quickstart's two CSV files ({@code docs/quickstart}, in this jar under {@value #RESOURCE}), and generated
 * files of any size like them: {@code customers.csv} ({@code customer_id INT, name STRING, region STRING}) and
 * {@code orders.csv} ({@code order_id INT, customer_id INT, order_date DATE, status STRING, amount DECIMAL(10, 2)}).
 *
 * <p>The generated files follow the quickstart's distributions: regions in turn (AMER, APAC, EMEA), the quickstart's
 * twelve names (numbered after the first twelve customers), each order's customer uniform over all customers, its
 * date uniform over the first half of 2026, its status shipped, returned or pending as often as in the quickstart's
 * 300 orders (190, 62, 48), its amount uniform from 5.00 to 500.00. The same seed gives the same files.
 */
final class QuickstartData {
    static final String RESOURCE = "/dev/sluice/bench/workload/quickstart/";
    static final int SHIPPED_CUSTOMERS = 12;
    static final int SHIPPED_ORDERS = 300;

    static final String CUSTOMERS_FILE = "customers.csv";
    static final String ORDERS_FILE = "orders.csv";

    private static final List<String> NAMES = List.of(
            "Acme",
            "Globex",
            "Initech",
            "Umbrella",
            "Hooli",
            "Stark",
            "Wayne",
            "Tyrell",
            "Cyberdyne",
            "Soylent",
            "Wonka",
            "Vandelay");
    private static final List<String> REGIONS = List.of("AMER", "APAC", "EMEA");
    private static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2026, 6, 30);
    // the quickstart's 300 orders: 190 shipped, 62 returned, 48 pending
    private static final int SHIPPED_WEIGHT = 190;
    private static final int RETURNED_WEIGHT = 62;
    private static final int ALL_WEIGHTS = 300;
    private static final int MIN_CENTS = 500;
    private static final int MAX_CENTS = 50_000;

    private QuickstartData() {}

    /** Writes the quickstart's own two files to {@code directory}. */
    static void writeShipped(Path directory) throws IOException {
        Files.createDirectories(directory);
        for (String file : List.of(CUSTOMERS_FILE, ORDERS_FILE)) {
            try (InputStream in = QuickstartData.class.getResourceAsStream(RESOURCE + file)) {
                if (in == null) {
                    throw new IllegalStateException("the benchmarks jar lacks the quickstart's " + file);
                }
                writeAtomically(directory.resolve(file), in.readAllBytes());
            }
        }
    }

    /** Writes generated files of {@code customers} customers and {@code orders} orders to {@code directory}. */
    static void writeGenerated(Path directory, int customers, int orders, long seed) throws IOException {
        Files.createDirectories(directory);
        writeAtomically(directory.resolve(CUSTOMERS_FILE), lines(customers(customers)));
        writeAtomically(directory.resolve(ORDERS_FILE), lines(orders(orders, customers, seed)));
    }

    /** The lines of {@code count} customers, ids from 1. */
    static List<String> customers(int count) {
        List<String> lines = new ArrayList<>(count);
        for (int id = 1; id <= count; id++) {
            int round = (id - 1) / NAMES.size();
            String name = NAMES.get((id - 1) % NAMES.size()) + (round == 0 ? "" : " " + (round + 1));
            lines.add(id + "," + name + "," + REGIONS.get((id - 1) % REGIONS.size()));
        }
        return lines;
    }

    /** The lines of {@code count} orders of customers 1 to {@code customers}, ids from 1, drawn from {@code seed}. */
    static List<String> orders(int count, int customers, long seed) {
        Random random = new Random(seed);
        int days = (int) ChronoUnit.DAYS.between(FIRST_DAY, LAST_DAY) + 1;
        List<String> lines = new ArrayList<>(count);
        for (int id = 1; id <= count; id++) {
            int customer = 1 + random.nextInt(customers);
            LocalDate date = FIRST_DAY.plusDays(random.nextInt(days));
            String status = status(random.nextInt(ALL_WEIGHTS));
            int cents = MIN_CENTS + random.nextInt(MAX_CENTS - MIN_CENTS + 1);
            lines.add(String.format(
                    Locale.ROOT, "%d,%d,%s,%s,%d.%02d", id, customer, date, status, cents / 100, cents % 100));
        }
        return lines;
    }

    private static String status(int draw) {
        if (draw < SHIPPED_WEIGHT) {
            return "shipped";
        }
        return draw < SHIPPED_WEIGHT + RETURNED_WEIGHT ? "returned" : "pending";
    }

    private static byte[] lines(List<String> lines) {
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(line).append('\n'));
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Another run's tables may be reading the old file: they see it whole or the new one whole. The temporary file is
     * hidden ({@code .}), as Flink's file source skips such files, and gets the usual permissions, as a gateway of
     * another user may read the data.
     */
    private static void writeAtomically(Path file, byte[] content) throws IOException {
        Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.write(temporary, content);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }
}
