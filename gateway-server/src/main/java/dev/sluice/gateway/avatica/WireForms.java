package dev.sluice.gateway.avatica;

import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * The forms a connection's results take where Avatica's wire leaves a choice: how it carries timestamps beyond
 * milliseconds, and rows and maps. Both follow from what the client said at connect: Sluice's driver names itself
 * ({@value WireTimestamps#SLUICE_DRIVER_PROPERTY}) and reads the richer forms; every other client gets forms that
 * Avatica's own clients read.
 */
record WireForms(WireTimestamps timestamps, Structures structures) {
    /** What every Avatica client reads. */
    static final WireForms PLAIN = new WireForms(WireTimestamps.MILLIS, Structures.TEXT);

    WireForms {
        requireNonNull(timestamps, "timestamps is null");
        requireNonNull(structures, "structures is null");
    }

    /** The forms of a connection opened with {@code properties}. */
    static WireForms of(Map<String, String> properties) {
        return new WireForms(WireTimestamps.of(properties), Structures.of(properties));
    }

    /**
     * How a connection's results carry Flink's {@code ROW} and {@code MAP} values, alone or inside an {@code ARRAY} (an
     * array itself is Avatica's {@code ARRAY} for every client, {@link StructuredColumns}).
     *
     * <p>Avatica's wire has arrays, but no form of a struct that all its clients read: its JSON client cannot parse a
     * {@code STRUCT} column's metadata at all (Jackson finds no way to build {@code ColumnMetaData.StructType}), its
     * protobuf client hands back a struct's fields as wire values (a date as a number of days), and protobuf has no map.
     * So other clients get a row or map as Flink's text of it, typed {@code VARCHAR}. Sluice's driver gets the values as
     * lists, typed {@code JAVA_OBJECT} and named by Flink's type, from which it makes a {@code java.sql.Struct} or a
     * {@code java.util.Map} with values of the fields' types.
     */
    enum Structures {
        /** A row or map as Flink's text of it: {@code (1, x)}, {@code {k=1}}. */
        TEXT,
        /** A row as the list of its fields' values, a map as a list of {@code [key, value]} lists. */
        LISTS;

        static Structures of(Map<String, String> properties) {
            return properties.containsKey(WireTimestamps.SLUICE_DRIVER_PROPERTY) ? LISTS : TEXT;
        }
    }
}
