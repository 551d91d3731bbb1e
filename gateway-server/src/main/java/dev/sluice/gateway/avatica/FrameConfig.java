package dev.sluice.gateway.avatica;

import dev.sluice.gateway.config.Checks;
import org.apache.flink.configuration.ReadableConfig;

import static dev.sluice.gateway.avatica.FrameOptions.MAX_ROWS;
import static dev.sluice.gateway.avatica.FrameOptions.TARGET_SIZE;

/**
 * How many rows a frame of a result holds, validated.
 *
 * @param targetBytes bytes of rows a frame aims at when the client gives no fetch size
 * @param maxRows the most rows in one frame
 */
public record FrameConfig(long targetBytes, int maxRows) {
    public static final long MIN_TARGET_BYTES = 1024;
    public static final long MAX_TARGET_BYTES = 64L * 1024 * 1024;
    public static final int MAX_MAX_ROWS = 1_000_000;

    public FrameConfig {
        Checks.check(
                targetBytes >= MIN_TARGET_BYTES && targetBytes <= MAX_TARGET_BYTES,
                "%s must be from 1kb to 64mb, was %s bytes",
                TARGET_SIZE.key(),
                targetBytes);
        Checks.check(
                maxRows >= 1 && maxRows <= MAX_MAX_ROWS,
                "%s must be from 1 to %s, was %s",
                MAX_ROWS.key(),
                MAX_MAX_ROWS,
                maxRows);
    }

    public static FrameConfig from(ReadableConfig config) {
        return new FrameConfig(config.get(TARGET_SIZE).getBytes(), config.get(MAX_ROWS));
    }
}
