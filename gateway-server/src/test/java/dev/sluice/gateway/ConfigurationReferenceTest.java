package dev.sluice.gateway;

import dev.sluice.gateway.config.YamlConfigLoader;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

final class ConfigurationReferenceTest {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void checkedInReferenceIsCurrent() throws Exception {
        String checkedIn = Files.readString(PROJECT_ROOT.resolve("docs/configuration.md"), StandardCharsets.UTF_8);
        assertThat(checkedIn)
                .as("docs/configuration.md is stale; regenerate it as the Javadoc of ConfigurationReference says")
                .isEqualTo(ConfigurationReference.render());
    }

    @Test
    void defaultConfigurationFileSetsEveryOptionAndIsValid() {
        Configuration configuration = YamlConfigLoader.load(PROJECT_ROOT.resolve("conf/sluice.yaml"));
        for (ConfigOption<?> option : SluiceOptionCatalog.fixedOptions()) {
            assertThat(configuration.keySet())
                    .as("conf/sluice.yaml documents every option")
                    .contains(option.key());
        }
        GatewayConfig config = GatewayConfig.from(configuration);
        assertThat(config.clusters()).hasSize(1);
        assertThat(config.server().port()).isEqualTo(8765);
    }
}
