package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceErrorCode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ErrorCodeReferenceTest {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void checkedInTableIsCurrent() throws Exception {
        String checkedIn = Files.readString(PROJECT_ROOT.resolve("docs/errors.md"), StandardCharsets.UTF_8);

        assertThat(checkedIn)
                .as("the table of docs/errors.md is stale; regenerate it as the Javadoc of ErrorCodeReference says")
                .isEqualTo(ErrorCodeReference.replaceTable(checkedIn));
    }

    @Test
    void listsEveryCodeOnce() {
        String table = ErrorCodeReference.render();

        for (SluiceErrorCode code : SluiceErrorCode.values()) {
            assertThat(table).containsOnlyOnce("| `" + code.sqlState() + "` | `" + code.name() + "` |");
        }
    }

    @Test
    void aPageWithoutTheMarkersIsRefused() {
        assertThatThrownBy(() -> ErrorCodeReference.replaceTable("# Errors\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no generated table");
    }
}
