package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.jdbc.ProgressListener;
import dev.sluice.jdbc.QueryProgress;
import dev.sluice.jdbc.SluiceConnection;
import dev.sluice.jdbc.SluiceStatement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The driver's progress listener, fed by the gateway while a statement's execute call waits. */
final class ProgressListenerIT {
    // in streaming mode the changelog is folded before the first row goes out: executeQuery waits for the whole job
    private static final String SLOW_TABLE = "CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
            + " 'number-of-rows' = '8', 'rows-per-second' = '3')";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void tellsTheListenerThePhaseRowsAndJobWhileTheExecuteWaitsAndThenThatItEnded() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        Recording recording = new Recording();
        try (Connection connection =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
                Statement statement = connection.createStatement()) {
            statement.execute(SLOW_TABLE);
            statement.unwrap(SluiceStatement.class).setProgressListener(recording, Duration.ofMillis(100));
            assertThat(statement.isWrapperFor(SluiceStatement.class)).isTrue();

            // a changelog, folded in the gateway before the first row goes out: the execute waits for the job's end
            try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM slow")) {
                assertThat(ReferenceWorkload.rows(rows)).containsExactly(List.of(8L));
            }
        }
        List<Object> events = recording.events;
        assertThat(events).last().isEqualTo("ended");
        assertThat(events).filteredOn("ended"::equals).hasSize(1);
        List<QueryProgress> progress = events.stream()
                .filter(QueryProgress.class::isInstance)
                .map(QueryProgress.class::cast)
                .toList();
        assertThat(progress).as("progress while the job ran").isNotEmpty();
        assertThat(progress)
                .allSatisfy(each -> assertThat(each.phase()).isIn("planning", "running", "reading", "delivering"));
        assertThat(progress).anySatisfy(each -> assertThat(each.jobId()).matches("[0-9a-f]{32}"));
        assertThat(progress).anySatisfy(each -> assertThat(each.rows()).isPositive());
        assertThat(progress).extracting(QueryProgress::elapsed).isSortedAccordingTo(Duration::compareTo);
    }

    @Test
    void aConnectionsListenerServesItsStatementsAndRefusesATooShortInterval() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        Recording recording = new Recording();
        try (Connection connection =
                DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming")) {
            SluiceConnection sluice = connection.unwrap(SluiceConnection.class);
            assertThatThrownBy(() -> sluice.setProgressListener(recording, Duration.ofMillis(5)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("The progress interval must be at least 10 ms, was 5 ms");
            sluice.setProgressListener(recording, Duration.ofMillis(100));
            try (Statement statement = connection.createStatement()) {
                statement.execute(SLOW_TABLE);
                try (ResultSet rows = statement.executeQuery("SELECT x FROM slow")) {
                    assertThat(ReferenceWorkload.rows(rows)).hasSize(8);
                }
            }
        }
        assertThat(recording.events).hasAtLeastOneElementOfType(QueryProgress.class);
    }

    private static final class Recording implements ProgressListener {
        final List<Object> events = new CopyOnWriteArrayList<>();

        @Override
        public void progress(QueryProgress progress) {
            events.add(progress);
        }

        @Override
        public void executeEnded() {
            events.add("ended");
        }
    }
}
