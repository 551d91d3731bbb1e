package dev.sluice.bench.planner;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How long Flink's planner takes, and how much heap, for one large expression: the measurements behind the
 * expression bounds the gateway applies before planning ({@code StatementComplexity}, docs/security.md). Plans and
 * runs each statement on a local TableEnvironment in batch mode over a 10-row {@code datagen} table, on one thread
 * with the JVM's default stack (as the gateway's request threads have), with no Sluice bound in the way.
 *
 * <p>Usage: {@code bin/sluice-planner-limits in=1000 case=100 chain=500 and=400 values=1000 cols=1000}; each argument
 * is a shape and its size. A statement that takes longer than 90 s is abandoned (and the rest of the run with it,
 * since its thread stays busy); run large sizes one per invocation.
 */
public final class PlannerLimits {
    private static final ExecutorService PLANNING = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "planning");
        thread.setDaemon(true);
        return thread;
    });

    private PlannerLimits() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        TableEnvironment environment = PLANNING.submit(() -> {
                    TableEnvironment created = TableEnvironment.create(EnvironmentSettings.inBatchMode());
                    created.executeSql("create temporary table t (x INT, y INT)"
                            + " with ('connector' = 'datagen', 'number-of-rows' = '10')");
                    return created;
                })
                .get();
        out.println(run(environment, "warm-up", "select x from t"));
        for (String shape : args) {
            String[] parts = shape.split("=", 2);
            if (parts.length != 2) {
                throw new IllegalArgumentException("Arguments are shape=size, e.g. in=1000; was " + shape);
            }
            String sql = statement(parts[0], Integer.parseInt(parts[1]));
            out.println(run(environment, shape + " (" + sql.length() + " chars)", sql));
        }
    }

    private static String statement(String shape, int size) {
        return switch (shape) {
            case "in" -> "select x from t where x in (" + join(size, Integer::toString, ", ") + ")";
            case "case" -> "select case" + join(size, i -> " when x = " + i + " then 'v" + i + "'", "") + " end from t";
            case "chain" -> "select x" + " + 1".repeat(size) + " from t";
            case "and" -> "select x from t where x > 0" + " and y <> 1".repeat(size);
            case "values" -> "select * from (values " + join(size, i -> "(" + i + ", 'a')", ", ") + ") as v(a, b)";
            case "cols" -> "select " + join(size, i -> "x + " + i, ", ") + " from t";
            default ->
                throw new IllegalArgumentException(
                        "Unknown shape " + shape + "; known are in, case, chain, and, values, cols");
        };
    }

    private static String join(int size, java.util.function.IntFunction<String> item, String separator) {
        return IntStream.range(0, size).mapToObj(item).collect(Collectors.joining(separator));
    }

    private static String run(TableEnvironment environment, String name, String sql) throws InterruptedException {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long heapBefore = runtime.totalMemory() - runtime.freeMemory();
        long start = System.nanoTime();
        Future<Integer> rows = PLANNING.submit(() -> {
            TableResult result = environment.executeSql(sql);
            int count = 0;
            try (CloseableIterator<Row> it = result.collect()) {
                while (it.hasNext()) {
                    it.next();
                    count++;
                }
            }
            return count;
        });
        String outcome;
        try {
            outcome = rows.get(90, TimeUnit.SECONDS) + " rows";
        } catch (TimeoutException e) {
            outcome = "TIMEOUT (over 90 s, abandoned)";
        } catch (ExecutionException e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            outcome = "FAILED " + cause.getClass().getSimpleName();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        long heapAfter = runtime.totalMemory() - runtime.freeMemory();
        return String.format(
                "%-28s %7d ms  heap %5d MB -> %5d MB  %s", name, millis, heapBefore >> 20, heapAfter >> 20, outcome);
    }
}
