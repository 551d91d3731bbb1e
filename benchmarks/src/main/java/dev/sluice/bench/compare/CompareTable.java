package dev.sluice.bench.compare;

import java.util.List;
import java.util.Locale;

/** Renders comparison cells as Markdown: per query, per concurrency, a row per system and a Sluice/baseline row. */
final class CompareTable {
    static final String SLUICE = "Sluice";

    private CompareTable() {}

    static String render(List<CompareCell> cells, List<String> queries, List<Integer> concurrencies, String baseline) {
        StringBuilder markdown = new StringBuilder();
        for (String query : queries) {
            markdown.append("\n#### ").append(query).append("\n\n");
            markdown.append("| concurrency | system | QPS | rows/s | MB/s | p50 ms | p99 ms | errors |"
                    + " CPU ms/query gateway | CPU ms/query JobManager | CPU ms/query TaskManager |"
                    + " JobManager w/o JIT | TaskManager w/o JIT |\n");
            markdown.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            for (int concurrency : concurrencies) {
                CompareCell sluice = find(cells, SLUICE, query, concurrency);
                CompareCell stock = find(cells, baseline, query, concurrency);
                if (sluice == null || stock == null) {
                    continue;
                }
                markdown.append(row(sluice)).append(row(stock));
                markdown.append(String.format(
                        Locale.ROOT,
                        "| %d | **Sluice / %s** | **%s** | **%s** | **%s** | **%s** | **%s** | | %s | %s | %s | %s | %s |%n",
                        concurrency,
                        baseline,
                        ratio(sluice.report().queriesPerSecond(), stock.report().queriesPerSecond()),
                        ratio(sluice.report().rowsPerSecond(), stock.report().rowsPerSecond()),
                        ratio(
                                sluice.report().megabytesPerSecond(),
                                stock.report().megabytesPerSecond()),
                        ratio(sluice.report().p50Millis(), stock.report().p50Millis()),
                        ratio(sluice.report().p99Millis(), stock.report().p99Millis()),
                        ratio(
                                sluice.cpuMillisPerQuery(sluice.gatewayCpu().total()),
                                stock.cpuMillisPerQuery(stock.gatewayCpu().total())),
                        ratio(
                                sluice.cpuMillisPerQuery(sluice.jobManagerCpu().total()),
                                stock.cpuMillisPerQuery(stock.jobManagerCpu().total())),
                        ratio(
                                sluice.cpuMillisPerQuery(sluice.taskManagerCpu().total()),
                                stock.cpuMillisPerQuery(stock.taskManagerCpu().total())),
                        ratio(
                                sluice.cpuMillisPerQuery(sluice.jobManagerCpu().withoutJit()),
                                stock.cpuMillisPerQuery(stock.jobManagerCpu().withoutJit())),
                        ratio(
                                sluice.cpuMillisPerQuery(sluice.taskManagerCpu().withoutJit()),
                                stock.cpuMillisPerQuery(stock.taskManagerCpu().withoutJit()))));
            }
        }
        return markdown.toString();
    }

    private static String row(CompareCell cell) {
        return String.format(
                Locale.ROOT,
                "| %d | %s | %.1f | %.0f | %.2f | %.0f | %.0f | %d | %s | %s | %s | %s | %s |%n",
                cell.concurrency(),
                cell.system(),
                cell.report().queriesPerSecond(),
                cell.report().rowsPerSecond(),
                cell.report().megabytesPerSecond(),
                cell.report().p50Millis(),
                cell.report().p99Millis(),
                cell.report().errors(),
                number(cell.cpuMillisPerQuery(cell.gatewayCpu().total())),
                number(cell.cpuMillisPerQuery(cell.jobManagerCpu().total())),
                number(cell.cpuMillisPerQuery(cell.taskManagerCpu().total())),
                number(cell.cpuMillisPerQuery(cell.jobManagerCpu().withoutJit())),
                number(cell.cpuMillisPerQuery(cell.taskManagerCpu().withoutJit())));
    }

    private static CompareCell find(List<CompareCell> cells, String system, String query, int concurrency) {
        return cells.stream()
                .filter(cell ->
                        cell.system().equals(system) && cell.query().equals(query) && cell.concurrency() == concurrency)
                .findFirst()
                .orElse(null);
    }

    static String ratio(double sluice, double stock) {
        if (Double.isNaN(sluice) || Double.isNaN(stock) || stock == 0) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.2fx", sluice / stock);
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
    }
}
