package dev.sluice.jdbc.shell;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ViewChoiceTest {
    @Test
    void startsWithTheTailViewLeavingTheSessionsResultMode() {
        ViewSetting setting = new ViewSetting();

        assertThat(setting.current().choice().view()).isEqualTo(StreamingView.TAIL);
        assertThat(setting.current().resultMode()).isEmpty();
    }

    @Test
    void eachPickAsksForItsViewsResultModeUnderANewNumber() {
        ViewSetting setting = new ViewSetting();

        setting.pick(ViewChoice.parse(List.of("table")));
        ViewSetting.Pick table = setting.current();
        setting.pick(ViewChoice.parse(List.of("tail")));

        assertThat(table.resultMode()).contains("CHANGELOG");
        assertThat(setting.current().resultMode()).contains("TABLE");
        assertThat(setting.current().number()).isGreaterThan(table.number());
    }

    @Test
    void parsesEachViewAndTheTableViewsBound() {
        assertThat(ViewChoice.parse(List.of("tail"))).isEqualTo(new ViewChoice(StreamingView.TAIL, 1_000, true));
        assertThat(ViewChoice.parse(List.of("CHANGELOG")).view()).isEqualTo(StreamingView.CHANGELOG);
        assertThat(ViewChoice.parse(List.of("table", "500"))).isEqualTo(new ViewChoice(StreamingView.TABLE, 500, true));
        assertThat(ViewChoice.parse(List.of("table", "500")).describe()).isEqualTo("table (at most 500 rows)");
    }

    @Test
    void rejectsWhatNamesNoView() {
        assertInvalid(
                List.of("tableau"),
                "!view takes tail, changelog, or table with an optional bound in rows," + " was 'tableau'");
        assertInvalid(
                List.of("table", "5", "6"),
                "!view takes tail, changelog, or table with an optional bound in" + " rows, was 'table 5 6'");
        assertInvalid(List.of("tail", "5"), "only the table view takes a bound in rows, was 'tail 5'");
        assertInvalid(List.of("table", "many"), "the table view's bound must be a number of rows, was 'many'");
        assertInvalid(List.of("table", "0"), "the table view's bound must be between 1 and 100000 rows, was 0");
        assertInvalid(
                List.of("table", "100001"), "the table view's bound must be between 1 and 100000 rows, was 100001");
    }

    private static void assertInvalid(List<String> words, String message) {
        assertThatThrownBy(() -> ViewChoice.parse(words))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
