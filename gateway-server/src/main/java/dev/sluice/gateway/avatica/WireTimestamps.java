package dev.sluice.gateway.avatica;

import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

import java.util.Map;

/**
 * How a connection's result carries a {@code TIMESTAMP} of more than millisecond precision. Avatica's wire has
 * milliseconds only (a timestamp is a number of them), so {@code TIMESTAMP(6)}'s micros would be cut; Sluice's driver
 * says at connect ({@value #SLUICE_DRIVER_PROPERTY}) that it reads such a column as text, typed {@code VARCHAR} named
 * {@code TIMESTAMP(p)}, and gives it back as a {@code TIMESTAMP} with every digit. Other Avatica clients get
 * milliseconds, typed {@code TIMESTAMP}, which they read as they always have.
 */
enum WireTimestamps {
    /** Milliseconds, as every Avatica client reads them. */
    MILLIS,
    /** A timestamp of more than millisecond precision as its text, with every digit of its fraction. */
    TEXT_BEYOND_MILLIS;

    /** The connection property Sluice's driver sends, its version as the value. */
    static final String SLUICE_DRIVER_PROPERTY = "sluice_driver";

    private static final int MILLISECOND_PRECISION = 3;

    /** What a connection opened with {@code properties} reads. */
    static WireTimestamps of(Map<String, String> properties) {
        return properties.containsKey(SLUICE_DRIVER_PROPERTY) ? TEXT_BEYOND_MILLIS : MILLIS;
    }

    /** Whether a value of {@code type} goes as text. */
    boolean asText(LogicalType type) {
        return this == TEXT_BEYOND_MILLIS
                && type.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)
                && LogicalTypeChecks.getPrecision(type) > MILLISECOND_PRECISION;
    }

    /** The name a column of {@code type} sent as text has: {@code TIMESTAMP(6)}. */
    static String textTypeName(LogicalType type) {
        return "TIMESTAMP(" + LogicalTypeChecks.getPrecision(type) + ")";
    }
}
