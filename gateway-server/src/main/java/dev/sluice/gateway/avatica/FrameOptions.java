package dev.sluice.gateway.avatica;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the frames of rows the gateway answers a client's execute and fetch with; see docs/configuration.md. */
public final class FrameOptions {
    private static final String PREFIX = "sluice.result.frame.";

    public static final ConfigOption<MemorySize> TARGET_SIZE = key(PREFIX + "target-size")
            .memoryType()
            .defaultValue(MemorySize.parse("1mb"))
            .withDescription("Bytes of rows a frame aims at when the client gives no fetch size (or 0): the rows"
                    + " of a frame are this size divided by the width of a row (estimated from the result's column"
                    + " types, or as the result's previous frame measured it, whichever is wider), and at most "
                    + PREFIX + "max-rows. A frame is answered as soon as it has a row, so short results are not held"
                    + " back. From 1kb to 64mb.");

    public static final ConfigOption<Integer> MAX_ROWS = key(PREFIX + "max-rows")
            .intType()
            .defaultValue(50_000)
            .withDescription("The most rows in one frame, whatever the target size or the client's fetch size; a"
                    + " client's fetch size (JDBC setFetchSize, or Avatica's fetch_size) is honoured up to this."
                    + " From 1 to 1000000.");

    private FrameOptions() {}
}
