package dev.sluice.jdbc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Renders docs/driver-properties.md from {@link SluiceDriverProperty}, so the reference cannot drift from the code.
 * {@code DriverPropertiesReferenceTest} fails when the checked-in page is stale; regenerate it with
 * {@code java -cp "jdbc-driver/target/classes:jdbc-driver/target/lib/*" dev.sluice.jdbc.DriverPropertiesReference
 * docs/driver-properties.md}.
 */
public final class DriverPropertiesReference {
    private DriverPropertiesReference() {}

    /**
     * Writes the page.
     *
     * @param args the output file
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("Usage: DriverPropertiesReference OUTPUT_FILE");
        }
        Files.writeString(Path.of(args[0]), render(), StandardCharsets.UTF_8);
    }

    /**
     * The whole page.
     *
     * @return Markdown
     */
    public static String render() {
        String rows = Arrays.stream(SluiceDriverProperty.values())
                .map(property -> "| `%s` | %s | %s | %s | %s |"
                        .formatted(
                                property.camelName(),
                                property.type().name().toLowerCase(java.util.Locale.ROOT),
                                property.defaultValue() == null ? "(none)" : "`" + property.defaultValue() + "`",
                                property.local() ? "driver" : "gateway",
                                property.description().replace("|", "\\|")))
                .collect(Collectors.joining("\n"));
        return """
                # JDBC driver properties

                <!-- Generated from dev.sluice.jdbc.SluiceDriverProperty by dev.sluice.jdbc.DriverPropertiesReference; \
                do not edit by hand. -->

                `jdbc:sluice://HOST:PORT[;key=value...]` (or `?key=value&...`), or the `Properties` passed to \
                `DriverManager.getConnection`; those in the URL win. Besides these, `serialization` (`protobuf`, the \
                default, or `json`) and any key with a dot (a Flink option for the connection's session) are sent to \
                the gateway, and Avatica's own properties (such as `fetch_size`, which Sluice leaves at 0 so that the \
                gateway sizes result frames by bytes) go to Avatica's client. Any other key \
                is refused (SQLState 08001) with the known name it is closest to, so a typo \
                such as `serialisation=json` does not go unnoticed; `Driver.getPropertyInfo` lists these properties \
                with their descriptions and choices.

                Properties read by the *driver* configure its transport: every connection and statement in the JVM \
                with the same gateway address and the same driver properties shares one pool of keep-alive HTTP/1.1 \
                connections. They are never sent to the gateway. With `ssl=true`, the driver speaks TLS 1.3 or 1.2 \
                through OpenSSL (netty-tcnative) where its native library loads, else through the JDK.

                | property | type | default | read by | description |
                |---|---|---|---|---|
                %s
                """.formatted(rows);
    }
}
