package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlStates;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.jspecify.annotations.Nullable;

import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The connection properties the driver knows: Sluice's ({@link SluiceDriverProperty}), JDBC's {@code user} and
 * {@code password}, Avatica's built-in ones (among them {@code serialization}), and any key with a dot, which is a
 * Flink option for the connection's session. Any other key is a mistake (a typo such as {@code serialisation}), and
 * refused with the closest known name rather than ignored.
 */
final class KnownProperties {
    private static final String USER = "user";
    private static final String PASSWORD = "password";

    private KnownProperties() {}

    /**
     * Refuses the first unknown key of {@code properties}.
     *
     * @throws SQLException 08001 naming the key and, where one is close, the known name it was probably meant to be
     */
    static void requireKnown(Properties properties) throws SQLException {
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (!isKnown(key)) {
                String suggestion = closest(key);
                throw new SQLNonTransientConnectionException(
                        "Unknown Sluice connection property '" + key + "'"
                                + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)")
                                + "; known properties: " + String.join(", ", names())
                                + ", and Flink options (keys with a dot); see docs/driver-properties.md",
                        SqlStates.CANNOT_CONNECT);
            }
        }
    }

    /**
     * Refuses a {@code serialization} other than protobuf or json (in any case), before Avatica turns it into an
     * enum constant's error.
     *
     * @throws SQLException 08001 naming the value and the two allowed
     */
    static void requireKnownSerialization(Properties properties) throws SQLException {
        String serialization = properties.getProperty(BuiltInConnectionProperty.SERIALIZATION.camelName());
        if (serialization != null
                && !serialization.equalsIgnoreCase("protobuf")
                && !serialization.equalsIgnoreCase("json")) {
            throw new SQLNonTransientConnectionException(
                    "Invalid Sluice connection property: serialization must be protobuf or json, was '" + serialization
                            + "'",
                    SqlStates.CANNOT_CONNECT);
        }
    }

    /** {@code Driver.getPropertyInfo}: Sluice's properties with their descriptions and choices, then JDBC's. */
    static DriverPropertyInfo[] info(Properties given) {
        List<DriverPropertyInfo> infos = new ArrayList<>();
        for (SluiceDriverProperty property : SluiceDriverProperty.values()) {
            String value = given.getProperty(property.camelName());
            DriverPropertyInfo info = new DriverPropertyInfo(
                    property.camelName(),
                    value != null
                            ? value
                            : property.defaultValue() == null
                                    ? null
                                    : property.defaultValue().toString());
            info.description = property.description();
            info.required = false;
            info.choices = property.choices().toArray(String[]::new);
            infos.add(info);
        }
        DriverPropertyInfo serialization = new DriverPropertyInfo(
                BuiltInConnectionProperty.SERIALIZATION.camelName(),
                given.getProperty(BuiltInConnectionProperty.SERIALIZATION.camelName(), "protobuf"));
        serialization.description = "Encoding of the Avatica protocol: protobuf (the default) or json.";
        serialization.choices = new String[] {"protobuf", "json"};
        infos.add(serialization);
        DriverPropertyInfo user = new DriverPropertyInfo(USER, given.getProperty(USER));
        user.description = "User name, sent with the password as HTTP Basic credentials.";
        infos.add(user);
        DriverPropertyInfo password = new DriverPropertyInfo(PASSWORD, null);
        password.description = "Password of the user; never sent to the gateway as a connection property.";
        infos.add(password);
        return infos.toArray(DriverPropertyInfo[]::new);
    }

    private static boolean isKnown(String key) {
        return key.contains(".")
                || names().contains(key.toLowerCase(Locale.ROOT))
                || avaticaNames().contains(key);
    }

    /** Sluice's and JDBC's names, lower case. */
    private static Set<String> names() {
        Set<String> names = new TreeSet<>();
        for (SluiceDriverProperty property : SluiceDriverProperty.values()) {
            names.add(property.camelName());
        }
        names.add(USER);
        names.add(PASSWORD);
        names.add(BuiltInConnectionProperty.SERIALIZATION.camelName());
        return names;
    }

    /** Avatica's built-in names, which the driver passes to Avatica as they are. */
    private static Set<String> avaticaNames() {
        Set<String> names = new TreeSet<>();
        for (BuiltInConnectionProperty property : BuiltInConnectionProperty.values()) {
            names.add(property.camelName());
        }
        return names;
    }

    /** The known name nearest to {@code key}, if it is within a third of the key's length in edits. */
    private static @Nullable String closest(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : names()) {
            int distance = distance(lower, name);
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 3) ? best : null;
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
