package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code SHOW JOBS}, which Flink's TableEnvironment cannot run, answered from the session cluster's job list. */
final class ShowJobsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void listsTheJobsOfTheSessionCluster() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("SET 'pipeline.name' = 'show-jobs-it'");
            statement.execute("create temporary table sink (x INT) with ('connector' = 'blackhole')");
            statement.execute("insert into sink values (1)");

            try (ResultSet jobs = statement.executeQuery("show jobs")) {
                assertThat(jobs.getMetaData().getColumnLabel(1)).isEqualTo("job id");
                boolean found = false;
                while (jobs.next()) {
                    if (jobs.getString("job name").equals("show-jobs-it")) {
                        found = true;
                        assertThat(jobs.getString("job id")).matches("[0-9a-f]{32}");
                        assertThat(jobs.getString("status")).isEqualTo("FINISHED");
                        assertThat(jobs.getString("start time")).endsWith("Z");
                        assertThat(jobs.getLong("duration ms")).isPositive();
                    }
                }
                assertThat(found).as("the INSERT's job is listed").isTrue();
            }
        }
    }
}
