package dev.sluice.bench.perf;

import dev.sluice.bench.workload.ResolvedWorkload;
import dev.sluice.bench.workload.Workload;
import dev.sluice.bench.workload.WorkloadFile;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The options that choose a workload, its size, table form and modes, shared by {@code sluice-perf} and
 * {@code sluice-compare} (a picocli mixin).
 */
public final class WorkloadOptions {
    @Option(
            names = "--workload",
            description = "A workload file (YAML), or a shipped workload by name: bi (the quickstart's customers and"
                    + " orders, see docs/benchmarks.md). Its query kinds are then what --query or --queries names.")
    @Nullable
    String workload;

    @Option(names = "--size", description = "The workload's data size (bi: small, large). Default: its first.")
    @Nullable
    String size;

    @Option(
            names = "--table-form",
            description = "How the workload's tables are held (bi: csv, parquet, paimon). Default: its first.")
    @Nullable
    String tableForm;

    @Option(
            names = "--mode",
            defaultValue = "literal",
            description = "How query kinds send their parameters: literal (written into the SQL text), prepared (a"
                    + " PreparedStatement per connection, values bound per execution) or both, one after the other.")
    ModeOption mode = ModeOption.LITERAL;

    @Option(
            names = "--data-dir",
            description = "Where the workload's data files and tables go (${data} in the workload file); the gateways"
                    + " must be allowed to read and write there. Default: data under the tool's work directory.")
    @Nullable
    Path dataDirectory;

    @Option(names = "--seed", description = "Seed of the parameter values. Default: the workload's.")
    @Nullable
    Long seed;

    @Option(
            names = "--no-prepare",
            description = "Skip the table form's prepare statements, when an earlier run made the tables.")
    boolean noPrepare;

    /** The {@code --mode} values. */
    enum ModeOption {
        LITERAL,
        PREPARED,
        BOTH;

        List<QueryMode> modes() {
            return switch (this) {
                case LITERAL -> List.of(QueryMode.LITERAL);
                case PREPARED -> List.of(QueryMode.PREPARED);
                case BOTH -> List.of(QueryMode.LITERAL, QueryMode.PREPARED);
            };
        }
    }

    /** Whether {@code --workload} was given. */
    public boolean given() {
        return workload != null;
    }

    /**
     * Loads the workload and chooses its parts; creates the data directory ({@code defaultDataDirectory} without
     * {@code --data-dir}), whose real path (symbolic links resolved, as a gateway's data-access policy compares
     * paths) the statements then name.
     */
    public WorkloadSelection select(Path defaultDataDirectory) throws IOException {
        if (workload == null) {
            throw new IllegalStateException("no --workload given");
        }
        Workload file = WorkloadFile.load(workload);
        Path data = Files.createDirectories(dataDirectory == null ? defaultDataDirectory : dataDirectory)
                .toRealPath();
        ResolvedWorkload resolved = file.resolve(size == null ? file.sizes().get(0) : size, data);
        String form = tableForm == null ? file.tableForms().get(0) : tableForm;
        return new WorkloadSelection(
                resolved, resolved.requireTableForm(form), mode.modes(), seed == null ? file.seed() : seed, !noPrepare);
    }
}
