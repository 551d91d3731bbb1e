package dev.sluice.planner;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

final class UserCodeStatementTest {
    static Stream<Arguments> userCode() {
        return Stream.of(
                Arguments.of("ADD JAR '/tmp/x.jar'", "ADD JAR", List.of("/tmp/x.jar")),
                Arguments.of("add jar '/tmp/it''s.jar';", "ADD JAR", List.of("/tmp/it's.jar")),
                Arguments.of("/* hidden */ ADD\nJAR 'hdfs:///x.jar'", "ADD JAR", List.of("hdfs:///x.jar")),
                Arguments.of("ADD JAR", "ADD JAR", List.of()),
                Arguments.of("ADD JAR x", "ADD JAR", List.of()),
                Arguments.of("REMOVE JAR '/tmp/x.jar'", "REMOVE JAR", List.of("/tmp/x.jar")),
                Arguments.of(
                        "CREATE TEMPORARY FUNCTION f AS 'com.example.F' USING JAR '/tmp/f.jar'",
                        "CREATE FUNCTION",
                        List.of("/tmp/f.jar")),
                Arguments.of(
                        "CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS f AS 'F' LANGUAGE JAVA USING JAR '/a.jar',"
                                + " JAR 'file:///b.jar'",
                        "CREATE FUNCTION",
                        List.of("/a.jar", "file:///b.jar")),
                Arguments.of("create function c.d.f as 'F' using jar", "CREATE FUNCTION", List.of()),
                Arguments.of(
                        "ALTER TEMPORARY FUNCTION f AS 'F' USING JAR 'https://x/f.jar'",
                        "ALTER FUNCTION",
                        List.of("https://x/f.jar")));
    }

    @ParameterizedTest
    @MethodSource("userCode")
    void routesStatementsThatLoadCodeFromAJar(String sql, String action, List<String> locations) {
        PlannedStatement planned = StatementPlanner.analyze(sql);

        assertThat(planned.route()).isEqualTo(StatementRoute.USER_CODE);
        assertThat(planned.userCode()).isEqualTo(new UserCodeStatement(action, locations));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "CREATE TEMPORARY FUNCTION f AS 'com.example.F'",
                "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
                "SELECT 'ADD JAR' FROM t",
                "SHOW JARS",
                "SELECT * FROM t WHERE s = 'USING JAR'",
                "CREATE TABLE t (a INT) WITH ('using' = 'jar')"
            })
    void leavesOtherStatementsAlone(String sql) {
        assertThat(StatementPlanner.analyze(sql).route()).isNotEqualTo(StatementRoute.USER_CODE);
    }
}
