package dev.sluice.session;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

final class JobJarsTest {
    private static final ClusterEndpoint REMOTE =
            new ClusterEndpoint("remote", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 8081));
    private static final Path ORC = Path.of("/opt/sluice/lib/flink-sql-orc.jar");

    @Test
    void addsItsJarsAfterThoseTheSessionNamesAlready() {
        Configuration configuration = new Configuration();
        configuration.set(PipelineOptions.JARS, List.of("file:/opt/udf.jar"));

        new JobJars(List.of(ORC), Set.of()).addTo(configuration, REMOTE);

        assertThat(configuration.get(PipelineOptions.JARS))
                .containsExactly("file:/opt/udf.jar", ORC.toUri().toString());
    }

    @Test
    void addsNothingForAClusterThatHasTheJars() {
        Configuration configuration = new Configuration();
        JobJars jars = new JobJars(List.of(ORC), Set.of("remote"));

        jars.addTo(configuration, REMOTE);

        assertThat(jars.travelTo(REMOTE)).isFalse();
        assertThat(configuration.getOptional(PipelineOptions.JARS)).isEmpty();
    }

    @Test
    void noJarsLeaveTheConfigurationAlone() {
        Configuration configuration = new Configuration();
        JobJars.none().addTo(configuration, REMOTE);
        assertThat(configuration.getOptional(PipelineOptions.JARS)).isEmpty();
    }
}
