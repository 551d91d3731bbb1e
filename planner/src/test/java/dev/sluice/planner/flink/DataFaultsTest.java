package dev.sluice.planner.flink;

import dev.sluice.errors.SluiceErrorCode;
import org.junit.jupiter.api.Test;

import java.time.format.DateTimeParseException;

import static org.assertj.core.api.Assertions.assertThat;

final class DataFaultsTest {
    @Test
    void findsTheDataFaultUnderAJobsFailure() {
        Exception failure = new RuntimeException(
                "job failed",
                new IllegalStateException(
                        "task",
                        thrownBy(
                                "org.apache.flink.formats.csv.CsvRowDataDeserializationSchema",
                                new NumberFormatException("For input string: \"x\""))));

        assertThat(DataFaults.find(failure)).hasValueSatisfying(found -> {
            assertThat(found.code()).isEqualTo(SluiceErrorCode.INVALID_CHARACTER_VALUE);
            assertThat(found.exception()).hasMessageContaining("\"x\"");
        });
    }

    @Test
    void namesEachKind() {
        assertThat(DataFaults.find(thrownBy("Flink", new ArithmeticException("Division by zero"))))
                .hasValueSatisfying(found -> assertThat(found.code()).isEqualTo(SluiceErrorCode.DIVISION_BY_ZERO));
        assertThat(DataFaults.find(thrownBy("Flink", new ArithmeticException("BigInteger would overflow"))))
                .hasValueSatisfying(found -> assertThat(found.code()).isEqualTo(SluiceErrorCode.DATA_EXCEPTION));
        assertThat(DataFaults.find(thrownBy("Flink", new DateTimeParseException("bad", "2024-13-01", 5))))
                .hasValueSatisfying(found -> assertThat(found.code()).isEqualTo(SluiceErrorCode.DATA_EXCEPTION));
    }

    @Test
    void anArithmeticFaultOfTheGatewaysOwnCodeIsNotTheData() {
        assertThat(DataFaults.find(thrownBy("dev.sluice.gateway.Something", new ArithmeticException("/ by zero"))))
                .isEmpty();
        assertThat(DataFaults.find(new IllegalStateException("other"))).isEmpty();
    }

    private static <T extends Throwable> T thrownBy(String className, T exception) {
        exception.setStackTrace(new StackTraceElement[] {new StackTraceElement(className, "run", null, 1)});
        return exception;
    }
}
