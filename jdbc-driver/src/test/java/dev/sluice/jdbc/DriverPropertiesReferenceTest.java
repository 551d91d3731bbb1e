package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

final class DriverPropertiesReferenceTest {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void checkedInReferenceIsCurrent() throws Exception {
        String checkedIn = Files.readString(PROJECT_ROOT.resolve("docs/driver-properties.md"), StandardCharsets.UTF_8);
        assertThat(checkedIn)
                .as(
                        "docs/driver-properties.md is stale; regenerate it as the Javadoc of DriverPropertiesReference says")
                .isEqualTo(DriverPropertiesReference.render());
    }

    @Test
    void listsEveryProperty() {
        String page = DriverPropertiesReference.render();
        for (SluiceDriverProperty property : SluiceDriverProperty.values()) {
            assertThat(page).contains("| `" + property.camelName() + "` |");
        }
    }
}
