package dev.sluice.gateway.avatica;

import dev.sluice.planner.IdentifierQuoting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ConnectionSettingsTest {
    @ParameterizedTest
    @CsvSource({"true, ANSI", "TRUE, ANSI", "false, BACK_TICKS", "False, BACK_TICKS"})
    void readsTheQuotingOfAConnectionFromItsProperty(String value, IdentifierQuoting quoting) {
        assertThat(ConnectionSettings.quoting(Map.of("ansi_quotes", value))).isEqualTo(quoting);
    }

    @Test
    void quotesAsFlinkDoesWithoutTheProperty() {
        assertThat(ConnectionSettings.quoting(Map.of("cluster", "embedded"))).isEqualTo(IdentifierQuoting.BACK_TICKS);
    }

    @ParameterizedTest
    @CsvSource({"yes", "1", "''"})
    void refusesAnyOtherValue(String value) {
        assertThatThrownBy(() -> ConnectionSettings.quoting(Map.of("ansi_quotes", value)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessage("Connection property ansi_quotes must be true or false, was '" + value + "'");
    }

    @Test
    void keepsAConnectionsQuotingUntilItCloses() {
        ConnectionSettings settings = new ConnectionSettings();
        settings.opened("ansi", IdentifierQuoting.ANSI, WireForms.PLAIN);
        settings.opened("flink", IdentifierQuoting.BACK_TICKS, WireForms.PLAIN);

        assertThat(settings.quoting("ansi")).isEqualTo(IdentifierQuoting.ANSI);
        assertThat(settings.quoting("flink")).isEqualTo(IdentifierQuoting.BACK_TICKS);

        settings.closed("ansi");

        assertThat(settings.quoting("ansi")).isEqualTo(IdentifierQuoting.BACK_TICKS);
    }

    @Test
    void keepsWhatASluiceDriverConnectionReadsUntilItCloses() {
        ConnectionSettings settings = new ConnectionSettings();
        settings.opened("sluice", IdentifierQuoting.BACK_TICKS, WireForms.of(Map.of("sluice_driver", "0.1.0")));
        settings.opened("avatica", IdentifierQuoting.BACK_TICKS, WireForms.of(Map.of()));

        assertThat(settings.wireForms("sluice"))
                .isEqualTo(new WireForms(WireTimestamps.TEXT_BEYOND_MILLIS, WireForms.Structures.LISTS));
        assertThat(settings.wireForms("avatica")).isEqualTo(WireForms.PLAIN);

        settings.closed("sluice");

        assertThat(settings.wireForms("sluice")).isEqualTo(WireForms.PLAIN);
    }
}
