package dev.sluice.bench.compare;

import dev.sluice.bench.perf.HistoryPhases;

import java.util.List;
import java.util.Locale;

/**
 * Renders, as Markdown, where the time of each cell's queries went on a Sluice gateway: the p50 of each phase of its
 * {@code SHOW QUERY HISTORY} and how the plans were found. Cells of a gateway without that history (the stock one)
 * have no row.
 */
final class PhasesTable {
    private static final List<String> PHASES = List.of(
            "plan_ms", "queue_ms", "submit_ms", "start_ms", "first_row_ms", "last_row_ms", "job_ms", "beyond_job_ms");

    private PhasesTable() {}

    static String render(List<CompareCell> cells) {
        List<CompareCell> traced = cells.stream()
                .filter(cell -> cell.report().history().queries() > 0)
                .toList();
        if (traced.isEmpty()) {
            return "";
        }
        StringBuilder markdown = new StringBuilder("\n#### Phases (p50 ms, from SHOW QUERY HISTORY)\n\n");
        markdown.append("| query | concurrency | system | queries | plan | queue | submit | start | first row |"
                + " last row | job | beyond job | plan cache hit / template / miss / skip | result cache hit |\n");
        markdown.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (CompareCell cell : traced) {
            HistoryPhases history = cell.report().history();
            markdown.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %s | %d |",
                    cell.query(),
                    cell.concurrency(),
                    cell.system(),
                    history.queries()));
            for (String phase : PHASES) {
                double p50 = history.p50(phase);
                markdown.append(Double.isNaN(p50) ? " |" : String.format(Locale.ROOT, " %.1f |", p50));
            }
            markdown.append(String.format(
                    Locale.ROOT,
                    " %d / %d / %d / %d | %d |%n",
                    history.planCache("hit"),
                    history.planCache("template"),
                    history.planCache("miss"),
                    history.planCache("skip"),
                    history.planCache("result")));
        }
        return markdown.toString();
    }
}
