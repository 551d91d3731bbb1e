package dev.sluice.bench.perf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

final class SluicePerfWorkloadTest {
    @TempDir
    Path data;

    @Test
    void refusesPreparedStatementsOnFlinksDriver() {
        assertThat(refusal("--url", "jdbc:flink://127.0.0.1:1", "--query", "point-lookup", "--mode", "both"))
                .isEqualTo("sluice-perf: Flink's JDBC driver has no PreparedStatement"
                        + " (FlinkConnection#prepareStatement is not supported); use --mode literal");
    }

    @Test
    void refusesASetupFileBesideTheWorkloadsSetup() {
        assertThat(refusal("--url", "jdbc:sluice://127.0.0.1:1", "--query", "point-lookup", "--setup", "none"))
                .isEqualTo("sluice-perf: --setup does not go with --workload, whose table form sets each connection"
                        + " up");
    }

    @Test
    void namesTheWorkloadsKindsForAnUnknownOne() {
        assertThat(refusal("--url", "jdbc:sluice://127.0.0.1:1", "--query", "select 1"))
                .isEqualTo("sluice-perf: workload bi has no query 'select 1'; it has [top-customers,"
                        + " region-month-revenue, returned-share, point-lookup, dashboard-filter]");
    }

    @Test
    void namesTheWorkloadsTableFormsForAnUnknownOne() {
        assertThat(refusal("--url", "jdbc:sluice://127.0.0.1:1", "--query", "point-lookup", "--table-form", "orc"))
                .isEqualTo("sluice-perf: workload bi has no table form 'orc'; it has [csv, parquet, paimon]");
    }

    /** What sluice-perf says on stderr when it refuses the bi workload with {@code args}, before connecting. */
    private String refusal(String... args) {
        String[] all = new String[args.length + 6];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(
                new String[] {"--workload", "bi", "--data-dir", data.toString(), "--count", "1"},
                0,
                all,
                args.length,
                6);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluicePerf.run(
                all,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).isEqualTo(2);
        return err.toString(StandardCharsets.UTF_8).strip();
    }
}
