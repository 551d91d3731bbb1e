package dev.sluice.gateway.statement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SharingKeysTest {
    @Test
    void sessionsWithEqualOptionsHaveEqualKeysThoughPlanningStampedThemApart() {
        TableEnvironment one = batchSession();
        TableEnvironment other = batchSession();
        // planning a query writes its start into the session's options and, on execution, into its job environment's
        stampPlanning(one, 1_764_000_000_000L);
        stampPlanning(other, 1_764_000_000_123L);

        assertThat(SharingKeys.of(one, false)).isNotNull().isEqualTo(SharingKeys.of(other, false));
    }

    @Test
    void aSessionWhoseOptionDiffersHasItsOwnKey() {
        TableEnvironment one = batchSession();
        TableEnvironment other = batchSession();
        other.getConfig().getConfiguration().setString("table.exec.resource.default-parallelism", "2");

        assertThat(SharingKeys.of(one, false)).isNotEqualTo(SharingKeys.of(other, false));
    }

    @Test
    void streamingQueriesAndSessionsWithTheirOwnCodeShareNothing() {
        TableEnvironment streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());

        assertThat(SharingKeys.of(streaming, false)).isNull();
        assertThat(SharingKeys.of(batchSession(), true)).isNull();
    }

    private static void stampPlanning(TableEnvironment session, long epochMillis) {
        for (Configuration options : new Configuration[] {
            session.getConfig().getConfiguration(),
            (Configuration) session.getConfig().getRootConfiguration()
        }) {
            options.setString("__table.query-start.epoch-time__", Long.toString(epochMillis));
            options.setString("__table.query-start.local-time__", Long.toString(epochMillis + 3_600_000));
        }
    }

    private static TableEnvironment batchSession() {
        return TableEnvironment.create(EnvironmentSettings.newInstance()
                .inBatchMode()
                .withConfiguration(new Configuration())
                .build());
    }
}
