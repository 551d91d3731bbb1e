package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

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

    /**
     * Markers in every kind of statement, next to question marks that are not markers (in strings, quoted identifiers,
     * comments, hints and Flink's WITH options), with the text binding makes of them.
     */
    static Stream<Arguments> markersInEveryKindOfStatement() {
        return Stream.of(
                arguments("SELECT * FROM t WHERE a = ? -- ?", List.of("1"), "SELECT * FROM t WHERE a =  1  -- ?"),
                arguments(
                        "select a from t where b like ? // ?\r and c = ?",
                        List.of("'x'", "2"),
                        "select a from t where b like  'x'  // ?\r and c =  2 "),
                arguments(
                        "SELECT `?`, \"?\" FROM t WHERE c = E'it\\'s ?' AND d = ?",
                        List.of("3"),
                        "SELECT `?`, \"?\" FROM t WHERE c = E'it\\'s ?' AND d =  3 "),
                arguments(
                        "SELECT /*+ OPTIONS('k'='?') */ a FROM t /* ? */ WHERE b = ?",
                        List.of("4"),
                        "SELECT /*+ OPTIONS('k'='?') */ a FROM t /* ? */ WHERE b =  4 "),
                arguments(
                        "WITH c AS (SELECT ? AS x) SELECT x FROM c",
                        List.of("5"),
                        "WITH c AS (SELECT  5  AS x) SELECT x FROM c"),
                arguments("(SELECT ?) UNION (SELECT ?)", List.of("6", "7"), "(SELECT  6 ) UNION (SELECT  7 )"),
                arguments(
                        "INSERT INTO t VALUES (?, '?', ?)", List.of("8", "9"), "INSERT INTO t VALUES ( 8 , '?',  9 )"),
                arguments(
                        "EXECUTE STATEMENT SET BEGIN INSERT INTO t VALUES (?); INSERT INTO u VALUES (?); END",
                        List.of("1", "2"),
                        "EXECUTE STATEMENT SET BEGIN INSERT INTO t VALUES ( 1 ); INSERT INTO u VALUES ( 2 ); END"),
                arguments(
                        "EXPLAIN PLAN FOR SELECT * FROM t WHERE a = ?",
                        List.of("3"),
                        "EXPLAIN PLAN FOR SELECT * FROM t WHERE a =  3 "),
                arguments(
                        "SHOW PRIMARY KEYS FROM ? IN DATABASE ?",
                        List.of("'t'", "'d'"),
                        "SHOW PRIMARY KEYS FROM  't'  IN DATABASE  'd' "),
                arguments(
                        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = '?')",
                        List.of(),
                        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = '?')"),
                arguments("SET 'pipeline.name' = 'why?'", List.of(), "SET 'pipeline.name' = 'why?'"),
                arguments("DESCRIBE `t?` -- ?", List.of(), "DESCRIBE `t?` -- ?"));
    }

    @ParameterizedTest
    @MethodSource("markersInEveryKindOfStatement")
    void bindsOnlyRealMarkersAndKeepsTheStatementsKind(String template, List<String> literals, String bound) {
        ParameterizedSql sql = ParameterizedSql.parse(template);

        assertThat(sql.parameterCount()).isEqualTo(literals.size());
        assertThat(sql.bind(literals)).isEqualTo(bound);
        assertThat(StatementClassifier.classify(bound)).isEqualTo(StatementClassifier.classify(template));
    }

    @Test
    void knowsWhichMarkersAreRowCounts() {
        ParameterizedSql sql = ParameterizedSql.parse("select a from t where b = ? order by a limit ? offset ?");
        assertThat(List.of(sql.isRowCount(0), sql.isRowCount(1), sql.isRowCount(2)))
                .containsExactly(false, true, true);

        ParameterizedSql fetch =
                ParameterizedSql.parse("select a from t order by a offset ? rows fetch next ? rows only /* limit ? */");
        assertThat(fetch.parameterCount()).isEqualTo(2);
        assertThat(List.of(fetch.isRowCount(0), fetch.isRowCount(1))).containsExactly(true, true);

        // a quoted identifier named limit, and a string, are not the keyword
        ParameterizedSql quoted =
                ParameterizedSql.parse("select `limit` + ? , 'limit ?' from t fetch first ? rows only");
        assertThat(List.of(quoted.isRowCount(0), quoted.isRowCount(1))).containsExactly(false, true);
    }

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
