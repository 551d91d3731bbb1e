package dev.sluice.bench.compare;

import dev.sluice.bench.perf.QueryMode;
import dev.sluice.bench.perf.TablePreparation;
import dev.sluice.bench.perf.WorkloadSelection;
import dev.sluice.bench.workload.SystemKind;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The tables of a workload in a comparison: what a Sluice gateway's configuration needs to reach them, and their
 * preparation on each system before anything is measured.
 */
final class WorkloadTables {
    private WorkloadTables() {}

    /**
     * The configuration a Sluice gateway needs for the workload: its data-access policy lets statements read and write
     * the data directory, and the table form's own keys (a shared catalog). The stock gateway has no such policy.
     */
    static String sluiceYaml(WorkloadSelection selection) {
        String data = "\""
                + selection
                        .workload()
                        .dataDirectory()
                        .toString()
                        .replace("\\", "\\\\")
                        .replace("\"", "\\\"") + "\"";
        return "sluice.security.data.readable-locations: [" + data + "]\n"
                + "sluice.security.data.writable-locations: [" + data + "]\n"
                + selection.tableForm().sluiceConfigYaml();
    }

    /**
     * Writes the workload's data files and runs the table form's prepare statements on each system, Sluice first (both
     * write the same tables, so the second overwrites the first's); returns the report's paragraph on the workload.
     */
    static String prepare(
            WorkloadSelection selection, String sluiceUrl, BaselineSystem other, String sluiceLabel, PrintStream log)
            throws IOException, SQLException {
        selection.writeDataFiles();
        StringBuilder paragraph = new StringBuilder("\nWorkload: ")
                .append(selection.describe())
                .append("; modes ")
                .append(selection.modes().stream().map(QueryMode::label).collect(Collectors.joining(", ")))
                .append('.');
        List<String> onSluice = selection.tableForm().prepareFor(SystemKind.SLUICE);
        List<String> onOther = selection.tableForm().prepareFor(other.kind());
        if (selection.prepare() && !(onSluice.isEmpty() && onOther.isEmpty())) {
            log.printf(
                    "Preparing the %s tables on each system ...%n",
                    selection.tableForm().name());
            Duration sluiceTook = TablePreparation.run(sluiceUrl, new Properties(), onSluice);
            Duration otherTook = TablePreparation.run(other.jdbcUrl(), new Properties(), onOther);
            paragraph.append(String.format(
                    Locale.ROOT,
                    " Tables prepared once per system: %s %.1f s, %s %.1f s.",
                    sluiceLabel,
                    sluiceTook.toNanos() / 1e9,
                    other.label(),
                    otherTook.toNanos() / 1e9));
        }
        if (other.kind() == SystemKind.STOCK && selection.modes().contains(QueryMode.PREPARED)) {
            paragraph.append(' ').append(ComparedQueries.STOCK_PREPARED_NOTE);
        }
        return paragraph.append('\n').toString();
    }
}
