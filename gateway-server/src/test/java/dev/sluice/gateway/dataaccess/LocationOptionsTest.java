package dev.sluice.gateway.dataaccess;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which options of the connectors, formats and catalogs in the box, and of ones the gateway does not know, name places. */
final class LocationOptionsTest {
    @Test
    void optionsNamedForAPlaceAreLocationsWhateverTheirValue() {
        assertThat(LocationOptions.locations("path", "docs/quickstart/orders.csv"))
                .containsExactly("docs/quickstart/orders.csv");
        assertThat(LocationOptions.locations("warehouse", "file:/lake")).containsExactly("file:/lake");
        assertThat(LocationOptions.locations("hive-conf-dir", "conf")).containsExactly("conf");
        assertThat(LocationOptions.locations("base-url", "jdbc:postgresql://db/"))
                .containsExactly("jdbc:postgresql://db/");
        assertThat(LocationOptions.locations("avro-confluent.url", "http://registry:8081"))
                .containsExactly("http://registry:8081");
        assertThat(LocationOptions.locations("data-file.external-paths", "s3://a/x, s3://b/y"))
                .containsExactly("s3://a/x", "s3://b/y");
    }

    @Test
    void anyOptionWhoseValueIsAnAbsolutePathOrAUriWithAHostIsALocation() {
        assertThat(LocationOptions.locations("some.connector.source", "/etc/passwd"))
                .containsExactly("/etc/passwd");
        assertThat(LocationOptions.locations("x", "webhdfs://10.0.0.1:50070/"))
                .containsExactly("webhdfs://10.0.0.1:50070/");
        assertThat(LocationOptions.locations("x", "file:/etc")).containsExactly("file:/etc");
    }

    @Test
    void ordinaryValuesAreNot() {
        for (String value : List.of("csv", "1 h", "latest-offset", "|", "/", "SQL", "a:b", "ISO-8601")) {
            assertThat(LocationOptions.locations("csv.field-delimiter", value))
                    .as(value)
                    .isEmpty();
        }
        assertThat(LocationOptions.locations("number-of-rows", "10")).isEmpty();
    }

    @Test
    void aFileNameOptionMustStayAPlainName() {
        assertThat(LocationOptions.isFileName("sink.partition-commit.success-file.name"))
                .isTrue();
        assertThat(LocationOptions.isFileName("format")).isFalse();
        assertThat(LocationOptions.isPlainFileName("_SUCCESS")).isTrue();
        for (String name : List.of("../x", "..", ".", "a/b", "a\\b", "", "/abs")) {
            assertThat(LocationOptions.isPlainFileName(name)).as(name).isFalse();
        }
    }
}
