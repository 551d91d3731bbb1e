package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceErrorCode;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** The codes that mean something to Avatica's client, checked here because the error module cannot see Avatica. */
final class AvaticaErrorCodesTest {
    @Test
    void codesAreNotAvaticasUnknownCode() {
        assertThat(Arrays.stream(SluiceErrorCode.values()).map(SluiceErrorCode::code))
                .doesNotContain(Service.ErrorResponse.UNKNOWN_ERROR_CODE);
    }

    @Test
    void noSuchConnectionUsesAvaticasMissingConnectionCode() {
        // Avatica's client may answer this code by opening the connection again
        assertThat(SluiceErrorCode.NO_SUCH_CONNECTION.code())
                .isEqualTo(Service.ErrorResponse.MISSING_CONNECTION_ERROR_CODE);
    }
}
