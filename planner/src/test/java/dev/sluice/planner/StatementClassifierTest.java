package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class StatementClassifierTest {
    static Stream<Arguments> leadingKeywords() {
        return Stream.of(
                arguments("SELECT 1", StatementKind.QUERY),
                arguments("WITH t AS (SELECT 1) SELECT * FROM t", StatementKind.QUERY),
                arguments("VALUES (1), (2)", StatementKind.QUERY),
                arguments("TABLE orders", StatementKind.QUERY),
                arguments("INSERT INTO t VALUES (1)", StatementKind.DML),
                arguments("UPDATE t SET a = 1", StatementKind.DML),
                arguments("DELETE FROM t WHERE a = 1", StatementKind.DML),
                arguments("EXECUTE STATEMENT SET BEGIN INSERT INTO t VALUES (1); END", StatementKind.DML),
                arguments("BEGIN STATEMENT SET", StatementKind.DML),
                arguments("CREATE TABLE t (a INT)", StatementKind.DDL),
                arguments("DROP TABLE t", StatementKind.DDL),
                arguments("ALTER TABLE t RENAME TO u", StatementKind.DDL),
                arguments("ANALYZE TABLE t COMPUTE STATISTICS", StatementKind.DDL),
                arguments("TRUNCATE TABLE t", StatementKind.DDL),
                arguments("LOAD MODULE hive", StatementKind.DDL),
                arguments("UNLOAD MODULE hive", StatementKind.DDL),
                arguments("SET 'parallelism.default' = '2'", StatementKind.SET),
                arguments("SET", StatementKind.SET),
                arguments("RESET 'parallelism.default'", StatementKind.RESET),
                arguments("RESET", StatementKind.RESET),
                arguments("SHOW TABLES", StatementKind.SHOW),
                arguments("DESCRIBE t", StatementKind.DESCRIBE),
                arguments("DESC t", StatementKind.DESCRIBE),
                arguments("EXPLAIN SELECT 1", StatementKind.EXPLAIN),
                arguments("USE CATALOG c", StatementKind.USE));
    }

    @ParameterizedTest
    @MethodSource("leadingKeywords")
    void classifiesByLeadingKeyword(String sql, StatementKind expected) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(expected);
    }

    static Stream<Arguments> decoratedStatements() {
        return Stream.of(
                arguments("select 1", StatementKind.QUERY),
                arguments("Select 1", StatementKind.QUERY),
                arguments("sHoW tables", StatementKind.SHOW),
                arguments("insert into t values (1)", StatementKind.DML),
                arguments("desc t", StatementKind.DESCRIBE),
                arguments("  \n\t SELECT 1", StatementKind.QUERY),
                arguments("SELECT*FROM t", StatementKind.QUERY),
                arguments("SET;", StatementKind.SET),
                arguments("-- a comment\nSELECT 1", StatementKind.QUERY),
                arguments("// a comment\nSELECT 1", StatementKind.QUERY),
                arguments("-- ends at a carriage return\rSELECT 1", StatementKind.QUERY),
                arguments("-- one\n-- two\r\n  INSERT INTO t VALUES (1)", StatementKind.DML),
                arguments("/* a comment */ CREATE TABLE t (a INT)", StatementKind.DDL),
                arguments("/* multi\nline */ -- and more\n  DROP TABLE t", StatementKind.DDL),
                arguments("/*a*//*b*/SHOW TABLES", StatementKind.SHOW),
                arguments("/* SELECT */ EXPLAIN SELECT 1", StatementKind.EXPLAIN),
                arguments("-- SELECT\nUSE db", StatementKind.USE),
                arguments("(SELECT 1)", StatementKind.QUERY),
                arguments("((  SELECT 1) UNION (SELECT 2))", StatementKind.QUERY),
                arguments("( /* c */ (VALUES 1))", StatementKind.QUERY));
    }

    @ParameterizedTest
    @MethodSource("decoratedStatements")
    void skipsWhiteSpaceCommentsAndParenthesesAndIgnoresCase(String sql, StatementKind expected) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(expected);
    }

    static Stream<String> unknownStatements() {
        return Stream.of(
                "",
                "   \n\t",
                "-- only a comment",
                "/* only a comment */",
                "/* unterminated comment SELECT 1",
                "()",
                "SELECTED 1",
                "FOO BAR",
                "MERGE INTO t USING s ON t.a = s.a",
                "123",
                "'SELECT'",
                "\"SELECT\" 1",
                ";SELECT 1");
    }

    @ParameterizedTest
    @MethodSource("unknownStatements")
    void classifiesUnknownOrMissingKeywordAsOther(String sql) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(StatementKind.OTHER);
    }

    @Test
    void returnsTheLeadingKeywordAsWritten() {
        assertThat(StatementClassifier.leadingKeyword("/* x */ (select 1")).isEqualTo("select");
        assertThat(StatementClassifier.leadingKeyword("-- x")).isEmpty();
    }

    @Test
    void skipsToTheFirstSignificantCharacter() {
        assertThat(StatementClassifier.skipInsignificant("  /* c */ -- d\n( x", 0))
                .isEqualTo(17);
        assertThat(StatementClassifier.skipInsignificant("x", 0)).isZero();
        assertThat(StatementClassifier.skipInsignificant("-- no newline", 0)).isEqualTo(13);
    }

    @Test
    void rejectsNullSql() {
        assertThatThrownBy(() -> StatementClassifier.classify(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("sql is null");
    }
}
