package dev.sluice.planner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.sluice.planner.StatementKind.DDL;
import static dev.sluice.planner.StatementKind.DESCRIBE;
import static dev.sluice.planner.StatementKind.DML;
import static dev.sluice.planner.StatementKind.EXPLAIN;
import static dev.sluice.planner.StatementKind.OTHER;
import static dev.sluice.planner.StatementKind.QUERY;
import static dev.sluice.planner.StatementKind.RESET;
import static dev.sluice.planner.StatementKind.SET;
import static dev.sluice.planner.StatementKind.SHOW;
import static dev.sluice.planner.StatementKind.USE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class StatementClassifierTest {
    /** Every kind, as Flink writes it and as people type it: case, comments, parentheses, Flink-only syntax. */
    static Stream<Arguments> statements() {
        return Stream.of(
                // queries
                arguments("SELECT 1", QUERY),
                arguments("select 1", QUERY),
                arguments("Select 1", QUERY),
                arguments("SELECT*FROM t", QUERY),
                arguments("  \n\t SELECT 1", QUERY),
                arguments("WITH t AS (SELECT 1) SELECT * FROM t", QUERY),
                arguments("with t as (select 1) select * from t", QUERY),
                arguments("VALUES (1), (2)", QUERY),
                arguments("TABLE orders", QUERY),
                arguments("(SELECT 1)", QUERY),
                arguments("((  SELECT 1) UNION (SELECT 2))", QUERY),
                arguments("( /* c */ (VALUES 1))", QUERY),
                arguments("(\n-- why\n(WITH t AS (SELECT 1) SELECT * FROM t))", QUERY),
                arguments("SELECT /*+ OPTIONS('k'='v') */ * FROM t", QUERY),
                arguments("SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MINUTE))", QUERY),
                // comments in every form Flink's lexer knows, with keywords inside them
                arguments("-- a comment\nSELECT 1", QUERY),
                arguments("// a comment\nSELECT 1", QUERY),
                arguments("-- ends at a carriage return\rSELECT 1", QUERY),
                arguments("-- one\n-- two\r\n  INSERT INTO t VALUES (1)", DML),
                arguments("/* a comment */ CREATE TABLE t (a INT)", DDL),
                arguments("/* multi\nline */ -- and more\n  DROP TABLE t", DDL),
                arguments("/*a*//*b*/SHOW TABLES", SHOW),
                arguments("/* SELECT */ EXPLAIN SELECT 1", EXPLAIN),
                arguments("/* not -- a line comment */ USE db", USE),
                arguments("-- SELECT\nUSE db", USE),
                arguments("-- /* not a block comment\nRESET", RESET),
                // DML and statement sets
                arguments("INSERT INTO t VALUES (1)", DML),
                arguments("insert overwrite t select * from s", DML),
                arguments("INSERT INTO t /*+ OPTIONS('sink.parallelism'='2') */ SELECT * FROM s", DML),
                arguments("UPDATE t SET a = 1", DML),
                arguments("DELETE FROM t WHERE a = 1", DML),
                arguments("EXECUTE STATEMENT SET BEGIN INSERT INTO t VALUES (1); INSERT INTO u VALUES (2); END", DML),
                arguments("execute statement set begin insert into t values (1); end", DML),
                arguments("EXECUTE INSERT INTO t VALUES (1)", DML),
                arguments("EXECUTE PLAN '/tmp/plan.json'", DML),
                arguments("BEGIN STATEMENT SET", DML),
                arguments("begin statement set;", DML),
                arguments("END", DML),
                // DDL, with Flink's WITH (...) options that Calcite's own grammar does not know
                arguments("CREATE TABLE t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')", DDL),
                arguments(
                        "create temporary table t (a int, primary key (a) not enforced) with ('connector'='blackhole')",
                        DDL),
                arguments(
                        "CREATE TABLE t (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
                                + " WITH ('connector' = 'datagen')",
                        DDL),
                arguments("CREATE TABLE t WITH ('connector' = 'blackhole') LIKE s (EXCLUDING ALL)", DDL),
                arguments("CREATE TABLE t WITH ('connector' = 'blackhole') AS SELECT * FROM s", DDL),
                arguments("CREATE OR REPLACE TABLE t WITH ('connector' = 'blackhole') AS SELECT 1", DDL),
                arguments("REPLACE TABLE t WITH ('connector' = 'blackhole') AS SELECT 1", DDL),
                arguments("CREATE CATALOG c WITH ('type' = 'generic_in_memory')", DDL),
                arguments("CREATE DATABASE IF NOT EXISTS c.d", DDL),
                arguments("CREATE TEMPORARY VIEW v AS SELECT 1", DDL),
                arguments("CREATE FUNCTION f AS 'com.example.F'", DDL),
                arguments("DROP TABLE t", DDL),
                arguments("ALTER TABLE t RENAME TO u", DDL),
                arguments("ALTER TABLE t SET ('k' = 'v')", DDL),
                arguments("ANALYZE TABLE t COMPUTE STATISTICS", DDL),
                arguments("TRUNCATE TABLE t", DDL),
                arguments("LOAD MODULE hive", DDL),
                arguments("UNLOAD MODULE hive", DDL),
                // session options
                arguments("SET", SET),
                arguments("SET;", SET),
                arguments("set", SET),
                arguments("SET 'parallelism.default' = '2'", SET),
                arguments("SET parallelism.default = 2;", SET),
                arguments("-- per session\nSET 'table.local-time-zone' = 'UTC'", SET),
                arguments("RESET", RESET),
                arguments("reset 'parallelism.default'", RESET),
                arguments("RESET parallelism.default;", RESET),
                // catalog lookups
                arguments("SHOW TABLES", SHOW),
                arguments("sHoW tables", SHOW),
                arguments("SHOW CATALOGS", SHOW),
                arguments("SHOW CURRENT DATABASE", SHOW),
                arguments("SHOW CREATE TABLE t", SHOW),
                arguments("SHOW COLUMNS FROM t LIKE '%a%'", SHOW),
                arguments("SHOW QUERY HISTORY", SHOW),
                arguments("SHOW PRIMARY KEYS FROM t", SHOW),
                arguments("DESCRIBE t", DESCRIBE),
                arguments("DESCRIBE EXTENDED t", DESCRIBE),
                arguments("DESC t", DESCRIBE),
                arguments("desc t", DESCRIBE),
                arguments("DESC CATALOG c", DESCRIBE),
                // plans
                arguments("EXPLAIN SELECT 1", EXPLAIN),
                arguments("EXPLAIN PLAN FOR SELECT 1", EXPLAIN),
                arguments("explain plan for insert into t select * from s", EXPLAIN),
                arguments("EXPLAIN ESTIMATED_COST, CHANGELOG_MODE, JSON_EXECUTION_PLAN SELECT 1", EXPLAIN),
                arguments("EXPLAIN STATEMENT SET BEGIN INSERT INTO t VALUES (1); END", EXPLAIN),
                // USE
                arguments("USE db", USE),
                arguments("USE c.db", USE),
                arguments("USE CATALOG c", USE),
                arguments("use catalog `my catalog`", USE),
                arguments("USE MODULES hive, core", USE));
    }

    @ParameterizedTest
    @MethodSource("statements")
    void classifiesByTheLeadingKeyword(String sql, StatementKind expected) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(expected);
    }

    /** Nothing here is refused: Flink's parser judges these, and some of them are valid Flink SQL. */
    static Stream<String> otherStatements() {
        return Stream.of(
                "",
                "   \n\t",
                "-- only a comment",
                "// only a comment",
                "/* only a comment */",
                "/* unterminated comment SELECT 1",
                "()",
                ";SELECT 1",
                "SELECTED 1",
                "FOO BAR",
                "MERGE INTO t USING s ON t.a = s.a",
                "CALL c.db.procedure(1)",
                "ADD JAR '/tmp/udf.jar'",
                "COMPILE PLAN '/tmp/plan.json' FOR INSERT INTO t SELECT 1",
                "123",
                "?",
                "'SELECT'",
                "E'SELECT'",
                "\"SELECT\" 1",
                "`SELECT` 1",
                "/*+ SELECT */ 1",
                "[SELECT 1]");
    }

    @ParameterizedTest
    @MethodSource("otherStatements")
    void classifiesUnknownOrMissingKeywordAsOther(String sql) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(OTHER);
    }

    static Stream<Arguments> deeplyNestedStatements() {
        int limit = StatementClassifier.MAX_NESTING_DEPTH;
        return Stream.of(
                arguments("SELECT " + "(".repeat(20_000) + "1" + ")".repeat(20_000), "line 1, column " + (8 + limit)),
                arguments(
                        "SELECT " + "(".repeat(limit + 1) + "1" + ")".repeat(limit + 1),
                        "line 1, column " + (8 + limit)),
                arguments(
                        "SELECT " + "ABS(".repeat(limit + 1) + "1" + ")".repeat(limit + 1),
                        "line 1, column " + (8 + 4 * limit + 3)),
                arguments(
                        "SELECT " + "ARRAY[".repeat(limit + 1) + "1" + "]".repeat(limit + 1),
                        "line 1, column " + (8 + 6 * limit + 5)),
                arguments(
                        "-- header\nSELECT " + "(".repeat(limit) + "\n  (1" + ")".repeat(limit + 1),
                        "line 3, column 3"),
                // extra closing parentheses do not buy depth: Flink's parser reports them
                arguments(")".repeat(10) + "(".repeat(limit + 1) + "1", "line 1, column " + (10 + limit + 1)),
                arguments("(".repeat(limit + 1) + "SELECT 1", "line 1, column " + (limit + 1)));
    }

    @ParameterizedTest
    @MethodSource("deeplyNestedStatements")
    void refusesNestingDeeperThanTheLimitWithItsPosition(String sql, String position) {
        assertThatThrownBy(() -> StatementClassifier.classify(sql))
                .isInstanceOf(InvalidStatementException.class)
                .hasMessage(
                        "Statement nested too deeply at " + position + ": parentheses and brackets may nest at most "
                                + StatementClassifier.MAX_NESTING_DEPTH + " levels");
    }

    static Stream<Arguments> nestingWithinTheLimit() {
        int limit = StatementClassifier.MAX_NESTING_DEPTH;
        return Stream.of(
                arguments("SELECT " + "(".repeat(limit) + "1" + ")".repeat(limit), QUERY),
                // siblings do not add up: depth goes down at every closing parenthesis
                arguments("SELECT " + "(1), ".repeat(900) + "1", QUERY),
                // brackets in strings, quoted identifiers and comments are not nesting
                arguments("SELECT '" + "(".repeat(limit + 1) + "' AS `" + "[".repeat(limit + 1) + "`", QUERY),
                arguments("-- " + "(".repeat(limit + 1) + "\nSELECT 1 /* " + "(".repeat(limit + 1) + " */", QUERY));
    }

    @ParameterizedTest
    @MethodSource("nestingWithinTheLimit")
    void acceptsNestingWithinTheLimit(String sql, StatementKind expected) {
        assertThat(StatementClassifier.classify(sql)).isEqualTo(expected);
    }

    @Test
    void rejectsNullSql() {
        assertThatThrownBy(() -> StatementClassifier.classify(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("sql is null");
    }
}
