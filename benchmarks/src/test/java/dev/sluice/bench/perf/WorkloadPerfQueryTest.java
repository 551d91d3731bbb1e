package dev.sluice.bench.perf;

import dev.sluice.bench.workload.IntRange;
import dev.sluice.bench.workload.WorkloadQuery;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class WorkloadPerfQueryTest {
    private static final WorkloadQuery LOOKUP =
            new WorkloadQuery("lookup", "", "select * from orders where customer_id = ?", List.of(new IntRange(1, 9)));

    @Test
    void sendsTheValuesAsLiteralsInANewTextEachTime() throws Exception {
        List<String> calls = new ArrayList<>();
        Connection connection = connection(calls);
        QueryRunner runner = new WorkloadPerfQuery(LOOKUP, QueryMode.LITERAL, 27).runner(0);

        runner.run(connection);
        runner.run(connection);

        assertThat(calls)
                .hasSize(2)
                .allSatisfy(call ->
                        assertThat(call).matches("executeQuery\\(select \\* from orders where customer_id = [1-9]\\)"));
    }

    @Test
    void preparesOncePerConnectionAndBindsTheValuesOfEachExecution() throws Exception {
        List<String> calls = new ArrayList<>();
        QueryRunner runner = new WorkloadPerfQuery(LOOKUP, QueryMode.PREPARED, 27).runner(0);
        Connection first = connection(calls);

        runner.run(first);
        runner.run(first);
        runner.run(connection(calls)); // after a reconnect

        assertThat(calls.stream().map(call -> call.replaceAll("\\d\\)$", "n)")))
                .containsExactly(
                        "prepareStatement(select * from orders where customer_id = ?)",
                        "setInt(1, n)",
                        "executeQuery()",
                        "setInt(1, n)",
                        "executeQuery()",
                        "prepareStatement(select * from orders where customer_id = ?)",
                        "setInt(1, n)",
                        "executeQuery()");
    }

    @Test
    void drawsTheSameValuesInBothModesForTheSameSeedAndWorker() throws Exception {
        List<String> literal = new ArrayList<>();
        List<String> prepared = new ArrayList<>();
        QueryRunner literalRunner = new WorkloadPerfQuery(LOOKUP, QueryMode.LITERAL, 27).runner(2);
        QueryRunner preparedRunner = new WorkloadPerfQuery(LOOKUP, QueryMode.PREPARED, 27).runner(2);
        Connection literalConnection = connection(literal);
        Connection preparedConnection = connection(prepared);
        for (int i = 0; i < 5; i++) {
            literalRunner.run(literalConnection);
            preparedRunner.run(preparedConnection);
        }

        assertThat(literal.stream().map(call -> call.replaceAll(".*= (\\d)\\)", "$1")))
                .containsExactlyElementsOf(prepared.stream()
                        .filter(call -> call.startsWith("setInt"))
                        .map(call -> call.replaceAll(".*, (\\d)\\)", "$1"))
                        .toList());
    }

    @Test
    void labelsTheKindWithItsMode() {
        assertThat(new WorkloadPerfQuery(LOOKUP, QueryMode.PREPARED, 1).label()).isEqualTo("lookup (prepared)");
    }

    /** A connection whose statements record their calls and answer an empty result. */
    private static Connection connection(List<String> calls) {
        ResultSetMetaData metaData = proxy(ResultSetMetaData.class, (method, args) -> 0);
        ResultSet empty = proxy(ResultSet.class, (method, args) -> switch (method) {
            case "next" -> false;
            case "getMetaData" -> metaData;
            case "close" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        Statement statement = proxy(Statement.class, (method, args) -> switch (method) {
            case "executeQuery" -> {
                calls.add("executeQuery(" + args[0] + ")");
                yield empty;
            }
            case "close" -> null;
            default -> throw new UnsupportedOperationException(method);
        });
        PreparedStatement prepared = proxy(PreparedStatement.class, (method, args) -> switch (method) {
            case "setInt" -> {
                calls.add("setInt(" + args[0] + ", " + args[1] + ")");
                yield null;
            }
            case "executeQuery" -> {
                calls.add("executeQuery()");
                yield empty;
            }
            default -> throw new UnsupportedOperationException(method);
        });
        return proxy(Connection.class, (method, args) -> switch (method) {
            case "createStatement" -> statement;
            case "prepareStatement" -> {
                calls.add("prepareStatement(" + args[0] + ")");
                yield prepared;
            }
            default -> throw new UnsupportedOperationException(method);
        });
    }

    private interface Answer {
        Object answer(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(
                type.getClassLoader(),
                new Class<?>[] {type},
                (self, method, args) -> answer.answer(method.getName(), args)));
    }
}
