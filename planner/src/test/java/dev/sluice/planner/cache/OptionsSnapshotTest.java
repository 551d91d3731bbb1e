package dev.sluice.planner.cache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OptionsSnapshotTest {
    @Test
    void equalOptionsGiveEqualSnapshots() {
        OptionsSnapshot one = OptionsSnapshot.of(options());
        OptionsSnapshot other = OptionsSnapshot.of(options());

        assertThat(one).isEqualTo(other).hasSameHashCodeAs(other);
    }

    @Test
    void aDifferentValueGivesAnUnequalSnapshot() {
        Configuration changed = options();
        changed.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(201));

        assertThat(OptionsSnapshot.of(changed)).isNotEqualTo(OptionsSnapshot.of(options()));
    }

    @Test
    void anExtraOptionOnEitherSideGivesUnequalSnapshots() {
        // Configuration.equals alone would call the one with fewer options equal to the one with more
        Configuration more = options();
        more.set(CoreOptions.DEFAULT_PARALLELISM, 3);

        assertThat(OptionsSnapshot.of(options())).isNotEqualTo(OptionsSnapshot.of(more));
        assertThat(OptionsSnapshot.of(more)).isNotEqualTo(OptionsSnapshot.of(options()));
    }

    @Test
    void leavesOutTheKeysItIsToldTo() {
        Configuration stamped = options();
        stamped.setString("__table.query-start.epoch-time__", "1764000000000");

        OptionsSnapshot withoutStamp = OptionsSnapshot.of(stamped, key -> key.startsWith("__table.query-start."));

        assertThat(withoutStamp).isEqualTo(OptionsSnapshot.of(options()));
        assertThat(stamped.keySet()).contains("__table.query-start.epoch-time__"); // the source is left as it was
    }

    @Test
    void aLaterChangeOfTheSourceDoesNotReachTheSnapshot() {
        Configuration source = options();
        OptionsSnapshot before = OptionsSnapshot.of(source);

        source.set(CoreOptions.DEFAULT_PARALLELISM, 5);

        assertThat(before).isEqualTo(OptionsSnapshot.of(options()));
        assertThat(before).isNotEqualTo(OptionsSnapshot.of(source));
    }

    @Test
    void optionsGivenAsTextCompareAsText() {
        Map<String, String> text = Map.of("pipeline.auto-watermark-interval", "200 ms");

        assertThat(OptionsSnapshot.of(Configuration.fromMap(text)))
                .isEqualTo(OptionsSnapshot.of(Configuration.fromMap(text)));
    }

    private static Configuration options() {
        Configuration options = new Configuration();
        options.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(200));
        options.setString("table.exec.resource.default-parallelism", "1");
        return options;
    }
}
