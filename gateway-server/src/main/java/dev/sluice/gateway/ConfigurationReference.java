package dev.sluice.gateway;

import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.gateway.session.CatalogOptions;
import dev.sluice.sessioncache.ClusterOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.description.HtmlFormatter;
import org.apache.flink.util.TimeUtils;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders docs/configuration.md from the option classes, so the reference cannot drift from the code.
 * {@code ConfigurationReferenceTest} fails when the checked-in page is stale; regenerate it with
 * {@code ./mvnw -q -pl gateway-server exec:java -Dexec.mainClass=dev.sluice.gateway.ConfigurationReference
 * -Dexec.args=docs/configuration.md} from the project root.
 */
public final class ConfigurationReference {
    private ConfigurationReference() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("Usage: ConfigurationReference OUTPUT_FILE");
        }
        Files.writeString(Path.of(args[0]), render(), StandardCharsets.UTF_8);
    }

    /** The whole page. */
    public static String render() {
        List<ConfigOption<?>> options = new ArrayList<>(SluiceOptionCatalog.fixedOptions());
        options.addAll(ClusterOptions.perCluster("<name>"));
        options.add(CatalogOptions.type("<name>"));
        options.addAll(ResultCacheOptions.perCatalog("<name>"));
        String rows = options.stream().map(ConfigurationReference::row).collect(Collectors.joining("\n"));
        return """
                # Configuration reference

                <!-- Generated from the *Options classes by dev.sluice.gateway.ConfigurationReference; \
                do not edit by hand. -->

                Options are read from `conf/sluice.yaml` (or the file given to `bin/sluice-gateway --config`). Nested \
                YAML maps become dotted keys. Every key under `sluice.` or `collect-strategy.` must be one of these: \
                an unknown one stops the gateway at start with a "did you mean" (the key with the same last part, \
                or the nearest), and a value that does not parse names the form or the values allowed. All other keys are Flink options, passed to the embedded \
                cluster and to every session's TableEnvironment (Sluice sets `execution.runtime-mode: batch`, \
                `rest.retry.max-attempts: 2`, `rest.retry.delay: 200 ms`, `rest.connection-timeout: 5 s` and \
                `rest.await-leader-timeout: 10 s` for sessions unless the file sets them).

                | key | type | default | description |
                |---|---|---|---|
                %s
                """.formatted(rows);
    }

    private static String row(ConfigOption<?> option) {
        Object defaultValue = option.hasDefaultValue() ? option.defaultValue() : null;
        return "| `%s` | %s | %s | %s |"
                .formatted(
                        option.key(),
                        typeName(defaultValue),
                        defaultValue == null ? "(none)" : "`" + format(defaultValue) + "`",
                        new HtmlFormatter().format(option.description()).replace("|", "\\|"));
    }

    private static String typeName(Object defaultValue) {
        if (defaultValue == null) {
            return "String";
        }
        if (defaultValue instanceof List<?>) {
            return "List&lt;String&gt;";
        }
        return defaultValue.getClass().getSimpleName();
    }

    private static String format(Object value) {
        if (value instanceof Duration duration) {
            return TimeUtils.formatWithHighestUnit(duration);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).collect(Collectors.joining(";"));
        }
        return String.valueOf(value);
    }
}
