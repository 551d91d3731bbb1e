package dev.sluice.gateway.config;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of gateway sessions (one per JDBC connection); reference: docs/configuration.md. */
public final class SessionOptions {
    public static final ConfigOption<Boolean> PIPELINED_BATCH = key("sluice.session.pipelined-batch")
            .booleanType()
            .defaultValue(true)
            .withDescription("Batch jobs run under Flink's Default scheduler with every exchange pipelined"
                    + " (jobmanager.scheduler: Default, execution.batch-shuffle-mode: ALL_EXCHANGES_PIPELINED), so"
                    + " that a short query's stages run at once rather than one after another (docs/benchmarks.md,"
                    + " \"Batch jobs pipelined under the Default scheduler\"). Set in each new session unless this file sets either option,"
                    + " and only on clusters that leave jobmanager.scheduler to each job: a remote cluster's"
                    + " configuration is read once from its REST API, and one that sets another scheduler keeps"
                    + " Flink's defaults (its adaptive batch scheduler fails pipelined jobs). A session may SET"
                    + " either option. false: Flink's adaptive batch scheduler with blocking exchanges, which sizes a"
                    + " large job's parallelism by its data.");

    public static final ConfigOption<Integer> MAX_SESSIONS = key("sluice.session.max-sessions")
            .intType()
            .defaultValue(512)
            .withDescription("Open sessions allowed at once; a connection beyond that is refused with SQLState 08004.");

    public static final ConfigOption<Duration> IDLE_TIMEOUT = key("sluice.session.idle-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(30))
            .withDescription("A session without a request for this long is closed and its running jobs cancelled.");

    public static final ConfigOption<Integer> MAX_MATERIALIZED_ROWS = key("sluice.session.max-materialized-rows")
            .intType()
            .defaultValue(1_000_000)
            .withDescription("Streaming-mode queries with updates are materialized in the gateway before the first"
                    + " row is sent; a result larger than this fails with SQLState 54000.");

    public static final ConfigOption<Duration> QUERY_TIMEOUT = key("sluice.query.timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(10))
            .withDescription("How long a statement may wait for its rows or its job's end before its job is cancelled"
                    + " and it fails with SQLState HYT00; 0 means no limit. Per connection: a property of the JDBC"
                    + " URL or SET 'sluice.query.timeout' = '30 s'.");

    public static final ConfigOption<ResultMode> RESULT_MODE = key("sluice.query.result-mode")
            .enumType(ResultMode.class)
            .defaultValue(ResultMode.TABLE)
            .withDescription("How a streaming-mode query's rows reach the client. A result of inserts only goes out"
                    + " row by row as it arrives either way. TABLE folds a changelog (an aggregate over a stream)"
                    + " into its final table and sends it when the job ends, for bounded queries; CHANGELOG sends"
                    + " every change as it arrives, with a first column op: +I, -U, +U or -D. Per connection: a"
                    + " property of the JDBC URL or SET 'sluice.query.result-mode' = 'CHANGELOG'.");

    public static final ConfigOption<MemorySize> MAX_MATERIALIZED_BYTES = key("sluice.session.max-materialized-bytes")
            .memoryType()
            .defaultValue(MemorySize.parse("64 mb"))
            .withDescription("The most a folded changelog (sluice.query.result-mode TABLE) may hold in the gateway,"
                    + " estimated from its rows' values; a larger result fails with SQLState 54000 and its job is"
                    + " cancelled. Use CHANGELOG to read a larger one as it arrives.");

    public static final ConfigOption<Duration> RESULT_IDLE_TIMEOUT = key("sluice.session.result-idle-timeout")
            .durationType()
            .defaultValue(Duration.ofMinutes(5))
            .withDescription("An open result that its client has not fetched from for this long is closed and its job"
                    + " cancelled, freeing its task slots; a later fetch fails with SQLState HY008.");

    public static final ConfigOption<Integer> MAX_STATEMENT_LENGTH = key("sluice.session.max-statement-length")
            .intType()
            .defaultValue(1_000_000)
            .withDescription("Longest statement accepted, in characters; a longer one is refused with SQLState 54000"
                    + " before it is parsed.");

    public static final ConfigOption<MemorySize> HISTORY_MAX_SIZE = key("sluice.session.history.max-size")
            .memoryType()
            .defaultValue(MemorySize.parse("256kb"))
            .withDescription("Text that a session's SHOW QUERY HISTORY keeps at most, counted at two bytes a"
                    + " character; the oldest entries go first.");

    public static final ConfigOption<Integer> HISTORY_MAX_STATEMENT_LENGTH =
            key("sluice.session.history.max-statement-length")
                    .intType()
                    .defaultValue(2000)
                    .withDescription("A statement or failure message longer than this many characters is cut to"
                            + " this length in the query history, with its full length noted.");

    private SessionOptions() {}
}
