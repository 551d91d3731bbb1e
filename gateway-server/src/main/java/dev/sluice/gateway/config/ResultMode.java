package dev.sluice.gateway.config;

/**
 * How a streaming-mode query's result reaches the client ({@code sluice.query.result-mode}). A result of inserts
 * only goes out row by row as it arrives in both; they differ for a changelog (an aggregate over a stream), which
 * JDBC has no way to show, since a row sent cannot be taken back.
 */
public enum ResultMode {
    /**
     * A changelog is folded into its final table in the gateway, and the table is sent when the job ends: for bounded
     * queries, and bounded in rows and bytes.
     */
    TABLE,
    /**
     * Every row goes out as it arrives, with a first column {@code op} that says what it does to the result: {@code +I}
     * (insert), {@code -U} (the row before an update), {@code +U} (after it), {@code -D} (delete), as Flink's SQL
     * client shows a changelog.
     */
    CHANGELOG
}
