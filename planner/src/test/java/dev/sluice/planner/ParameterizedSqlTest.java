package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ParameterizedSqlTest {
    /** Characters that could break out of a literal or hide a marker if binding were naive. */
    private static final String HOSTILE = "'\"`\\?-/*;\n\r\t ()%_$&|,=<>";

    private static final List<String> TEMPLATES = List.of(
            "SELECT ? AS a",
            "SELECT ?, '?' AS `?`, \"?\" FROM t WHERE c = ? -- ?\n AND d <> ?",
            "select * from t where a = ? /* ? */ and b like ? // ?\r or c in (?, ?)",
            "INSERT INTO t VALUES (?, ?, ?)",
            "select -? , ?||? from t",
            "select * from t where q = E'what\\'s up?' and id = ?");

    @Test
    void findsOnlyRealMarkers() {
        ParameterizedSql sql = ParameterizedSql.parse(TEMPLATES.get(1));
        assertThat(sql.parameterCount()).isEqualTo(3);
    }

    @Test
    void aQuestionMarkAfterAnEscapedQuoteInACStyleStringIsNoMarker() {
        ParameterizedSql sql = ParameterizedSql.parse("select * from t where q = E'what\\'s up?' and id = ?");

        assertThat(sql.parameterCount()).isEqualTo(1);
        assertThat(sql.bind(List.of("'x'"))).isEqualTo("select * from t where q = E'what\\'s up?' and id =  'x' ");
    }

    @Test
    void bindsLiteralsAtTheMarkers() {
        ParameterizedSql sql = ParameterizedSql.parse("select a from t where a = ? and b = '?'");
        assertThat(sql.bind(List.of("CAST(1 AS INTEGER)")))
                .isEqualTo("select a from t where a =  CAST(1 AS INTEGER)  and b = '?'");
    }

    @Test
    void rejectsTheWrongNumberOfValues() {
        assertThatThrownBy(() -> ParameterizedSql.parse("select ?, ?").bind(List.of("1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The statement has 2 parameters, but 1 were bound");
    }

    /**
     * Property: for random strings full of quotes, comment openers and markers, the bound statement has the
     * template's tokens with each marker replaced by exactly one string literal whose value is the bound string.
     */
    @ParameterizedTest
    @ValueSource(longs = {1L, 7L, 42L, 20260101L})
    void boundStringsNeverChangeTheStatementsShape(long seed) {
        Random random = new Random(seed);
        for (int round = 0; round < 500; round++) {
            String template = TEMPLATES.get(random.nextInt(TEMPLATES.size()));
            ParameterizedSql sql = ParameterizedSql.parse(template);
            List<String> values = new ArrayList<>();
            List<String> literals = new ArrayList<>();
            for (int i = 0; i < sql.parameterCount(); i++) {
                String value = randomString(random);
                values.add(value);
                literals.add(SqlLiterals.string(value));
            }
            List<SqlToken> bound = SqlLexer.tokenize(sql.bind(literals));
            List<SqlToken> original = SqlLexer.tokenize(template);
            assertThat(bound).hasSameSizeAs(original);
            int parameter = 0;
            for (int i = 0; i < original.size(); i++) {
                SqlToken expected = original.get(i);
                SqlToken actual = bound.get(i);
                if (expected.kind() == SqlToken.Kind.PARAMETER) {
                    assertThat(actual.kind()).isEqualTo(SqlToken.Kind.STRING);
                    assertThat(actual.stringValue()).isEqualTo(values.get(parameter++));
                } else {
                    assertThat(actual.kind()).isEqualTo(expected.kind());
                    assertThat(actual.text()).isEqualTo(expected.text());
                }
            }
        }
    }

    static String randomString(Random random) {
        int length = random.nextInt(24);
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int pick = random.nextInt(10);
            if (pick < 5) {
                value.append(HOSTILE.charAt(random.nextInt(HOSTILE.length())));
            } else if (pick < 7) {
                value.append((char) ('a' + random.nextInt(26)));
            } else if (pick < 8) {
                value.appendCodePoint(0x80 + random.nextInt(0x2F00)); // Latin-1 to CJK
            } else if (pick < 9) {
                value.appendCodePoint(0x1F600 + random.nextInt(0x50)); // emoji: surrogate pairs
            } else {
                value.append((char) random.nextInt(0x20)); // control characters, NUL included
            }
        }
        return value.toString();
    }
}
