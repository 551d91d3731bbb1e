package dev.sluice.planner;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class SqlPositionTest {
    static Stream<Arguments> positions() {
        return Stream.of(
                arguments("SELECT 1", 0, "line 1, column 1"),
                arguments("SELECT 1", 7, "line 1, column 8"),
                arguments("SELECT 1", 8, "line 1, column 9"),
                arguments("a\nb", 2, "line 2, column 1"),
                arguments("a\r\nb", 3, "line 2, column 1"),
                arguments("a\rb", 2, "line 2, column 1"),
                arguments("a\n\r\n\rb", 5, "line 4, column 1"),
                arguments("\tx", 1, "line 1, column 2"),
                arguments("😀x", 2, "line 1, column 3"));
    }

    @ParameterizedTest
    @MethodSource("positions")
    void countsLinesAndColumnsAsFlinksParserDoes(String sql, int offset, String expected) {
        assertThat(SqlPosition.of(sql, offset)).hasToString(expected);
    }

    @ParameterizedTest
    @MethodSource("outOfRange")
    void rejectsAnOffsetOutsideTheText(int offset) {
        assertThatThrownBy(() -> SqlPosition.of("abc", offset))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("offset must be between 0 and 3, was " + offset);
    }

    static Stream<Integer> outOfRange() {
        return Stream.of(-1, 4);
    }
}
