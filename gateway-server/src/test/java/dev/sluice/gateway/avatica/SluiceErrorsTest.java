package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.planner.flink.FlinkStatementFaults;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.ClusterUnavailableException;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.UnknownClusterException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

final class SluiceErrorsTest {
    @Test
    void invalidStatementIsSyntaxError() {
        AvaticaRuntimeException error = SluiceErrors.translate(new InvalidStatementException("Invalid SET statement"));

        assertError(error, SluiceErrorCode.SYNTAX_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("Invalid SET statement");
    }

    @Test
    void flinkParserErrorIsSyntaxError() {
        AvaticaRuntimeException error = SluiceErrors.translate(
                new SqlParserException("SQL parse failed. Encountered \"FORM\" at line 1, column 10."));

        assertError(error, SluiceErrorCode.SYNTAX_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("SQL parse failed. Encountered \"FORM\" at line 1, column 10.");
    }

    @Test
    void flinkValidationErrorIsValidationError() {
        AvaticaRuntimeException error = SluiceErrors.translate(new ValidationException("Object 'missing' not found"));

        assertError(error, SluiceErrorCode.VALIDATION_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("Object 'missing' not found");
    }

    @Test
    void findsValidationErrorAmongCausesAndJoinsTheirMessages() {
        AvaticaRuntimeException error = SluiceErrors.translate(new RuntimeException(
                "Statement failed",
                new ValidationException("SQL validation failed", new RuntimeException("Column 'x' not found"))));

        assertError(error, SluiceErrorCode.VALIDATION_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("Statement failed: SQL validation failed: Column 'x' not found");
    }

    @Test
    void appendsParserPositionWhenTheMessageLacksIt() {
        AvaticaRuntimeException error = SluiceErrors.translate(
                new SqlParserException("SQL parse failed.", new FakeParseException("Encountered \"FORM\"", 1, 10)));

        assertError(error, SluiceErrorCode.SYNTAX_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("SQL parse failed.: Encountered \"FORM\" at line 1, column 10");
    }

    @Test
    void aStackOverflowWhilePlanningIsASyntaxErrorThatSaysSo() {
        StackOverflowError overflow = new StackOverflowError();
        overflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("java.util.AbstractList$Itr", "next", null, 371),
            new StackTraceElement("org.apache.calcite.sql.util.SqlShuttle", "visit", null, 67)
        });

        AvaticaRuntimeException error = SluiceErrors.translate(new RuntimeException("planning failed", overflow));

        assertError(error, SluiceErrorCode.SYNTAX_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo(FlinkStatementFaults.NESTED_TOO_DEEPLY);
    }

    @Test
    void aStackOverflowOutsideFlinksPlannerStaysAnInternalError() {
        StackOverflowError overflow = new StackOverflowError();
        overflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("dev.sluice.gateway.session.GatewaySession", "execute", null, 1)
        });

        assertError(SluiceErrors.translate(overflow), SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
    }

    @Test
    void aStackOverflowInAvaticasProtocolLayerStaysAnInternalError() {
        // Avatica shares the org.apache.calcite prefix with Calcite's planner
        StackOverflowError overflow = new StackOverflowError();
        overflow.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.apache.calcite.avatica.remote.JsonHandler", "apply", null, 1),
            new StackTraceElement("org.apache.calcite.avatica.remote.LocalService", "apply", null, 1)
        });

        assertError(SluiceErrors.translate(overflow), SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
    }

    @Test
    void theNullPointerExceptionOfFlinksParserAfterAStackOverflowIsASyntaxError() {
        NullPointerException lost = new NullPointerException("Cannot invoke \"String.contains(...)\"");
        lost.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.apache.flink.table.planner.parse.CalciteParser", "parseSqlList", null, 78)
        });

        AvaticaRuntimeException error = SluiceErrors.translate(lost);

        assertError(error, SluiceErrorCode.SYNTAX_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo(FlinkStatementFaults.NESTED_TOO_DEEPLY);
    }

    @Test
    void anyOtherNullPointerExceptionStaysAnInternalError() {
        AvaticaRuntimeException error = SluiceErrors.translate(new NullPointerException("a bug"));

        assertError(error, SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
    }

    @Test
    void aMissingCatalogOrDatabaseIsAValidationError() {
        AvaticaRuntimeException error =
                SluiceErrors.translate(new CatalogException("A catalog with name [nowhere] does not exist."));

        assertError(error, SluiceErrorCode.VALIDATION_ERROR, "42000");
        assertThat(error.getErrorMessage()).isEqualTo("A catalog with name [nowhere] does not exist.");
    }

    @Test
    void aFailingCatalogIsNotTheUsersError() {
        AvaticaRuntimeException error =
                SluiceErrors.translate(new CatalogException("Failed to connect to the metastore"));

        assertError(error, SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
    }

    @Test
    void unsupportedOperationIsFeatureNotSupported() {
        AvaticaRuntimeException error =
                SluiceErrors.translate(new UnsupportedOperationException("Transactions are not supported"));

        assertError(error, SluiceErrorCode.UNSUPPORTED_OPERATION, "0A000");
        assertThat(error.getErrorMessage()).isEqualTo("Transactions are not supported");
    }

    @Test
    void connectFailureIsClusterUnavailable() {
        AvaticaRuntimeException error = SluiceErrors.translate(
                new RuntimeException("Could not submit job", new ConnectException("Connection refused")));

        assertError(error, SluiceErrorCode.CLUSTER_UNAVAILABLE, "08006");
        assertThat(error.getErrorMessage())
                .isEqualTo("Flink session cluster is unreachable: java.net.ConnectException: Connection refused");
    }

    @Test
    void clusterUnavailableKeepsItsMessage() {
        ClusterEndpoint prod = new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm", 8081));
        ClusterUnavailableException unavailable =
                new ClusterUnavailableException(prod, new ConnectException("Connection refused"));

        AvaticaRuntimeException error = SluiceErrors.translate(new CompletionException(unavailable));

        assertError(error, SluiceErrorCode.CLUSTER_UNAVAILABLE, "08006");
        assertThat(error.getErrorMessage())
                .isEqualTo("Flink session cluster 'prod' at jm:8081 is unreachable: Connection refused");
    }

    @Test
    void unknownClusterIsConnectionError() {
        AvaticaRuntimeException error = SluiceErrors.translate(new UnknownClusterException("staging", List.of("prod")));

        assertError(error, SluiceErrorCode.UNKNOWN_CLUSTER, "08001");
        assertThat(error.getErrorMessage()).isEqualTo("Unknown cluster 'staging'; this gateway serves [prod]");
    }

    @Test
    void malformedRequestIsCommunicationError() {
        AvaticaRuntimeException error = SluiceErrors.translate(
                new MalformedRequestException("Not an Avatica request", new IllegalArgumentException("bad tag")));

        assertError(error, SluiceErrorCode.MALFORMED_REQUEST, "08S01");
    }

    @Test
    void jobFailureIsQueryFailed() {
        AvaticaRuntimeException error = SluiceErrors.translate(new RuntimeException(
                "collect failed",
                new JobExecutionException(new JobID(), "Job execution failed.", new ArithmeticException("/ by zero"))));

        assertError(error, SluiceErrorCode.QUERY_FAILED, "HY000");
        assertThat(error.getErrorMessage()).isEqualTo("Query failed on the cluster: / by zero");
    }

    @Test
    void unknownFailureIsInternalError() {
        AvaticaRuntimeException error = SluiceErrors.translate(new RuntimeException("boom"));

        assertError(error, SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
        assertThat(error.getErrorCode()).isEqualTo(0x10000);
        assertThat(error.getErrorMessage())
                .matches(
                        "Internal error in the gateway; the gateway's log has its details under error id [0-9a-f]{16}");
    }

    @Test
    void internalErrorTellsTheClientNothingOfItsCause() {
        AvaticaRuntimeException error =
                SluiceErrors.translate(new IllegalStateException("secret /etc/path", new NullPointerException("x")));

        assertError(error, SluiceErrorCode.GENERIC_INTERNAL_ERROR, "HY000");
        assertThat(error.getErrorMessage()).doesNotContain("secret").doesNotContain("Exception");
        assertThat(error.getCause()).isNull();
        assertThat(error.getStackTrace()).isEmpty();
    }

    @Test
    void eachInternalErrorHasItsOwnId() {
        String first = SluiceErrors.translate(new RuntimeException("a")).getErrorMessage();
        String second = SluiceErrors.translate(new RuntimeException("a")).getErrorMessage();

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void noErrorCarriesTheGatewaysStackTrace() {
        assertThat(SluiceErrors.translate(new IllegalArgumentException("bad")).getStackTrace())
                .isEmpty();
        assertThat(SluiceErrors.toAvatica(SluiceErrorCode.NO_SUCH_STATEMENT, "gone")
                        .getStackTrace())
                .isEmpty();
    }

    @Test
    void passesAvaticaErrorsThroughWithoutTheirStackTrace() {
        AvaticaRuntimeException original = new AvaticaRuntimeException("gone", 5, "HY010", AvaticaSeverity.ERROR);

        assertThat(SluiceErrors.translate(original)).isSameAs(original);
        assertThat(original.getStackTrace()).isEmpty();
    }

    @Test
    void buildsAvaticaErrorFromCode() {
        AvaticaRuntimeException error = SluiceErrors.toAvatica(SluiceErrorCode.RESULT_TOO_LARGE, "too many rows");

        assertError(error, SluiceErrorCode.RESULT_TOO_LARGE, "54000");
        assertThat(error.getErrorMessage()).isEqualTo("too many rows");
    }

    @Test
    void neverAnswersSuccessState() {
        List<Throwable> failures = List.of(
                new RuntimeException(),
                new Error("fatal"),
                new Exception("checked"),
                new RuntimeException((String) null, new RuntimeException()));

        assertThat(failures)
                .allSatisfy(
                        failure -> assertThat(SluiceErrors.translate(failure).getSqlState())
                                .isEqualTo("HY000"));
    }

    private static void assertError(AvaticaRuntimeException error, SluiceErrorCode code, String sqlState) {
        assertThat(error.getErrorCode()).isEqualTo(code.code());
        assertThat(error.getSqlState()).isEqualTo(sqlState);
        assertThat(code.sqlState()).isEqualTo(sqlState);
        assertThat(error.getSeverity()).isEqualTo(AvaticaSeverity.ERROR);
    }

    /**
     * Shaped like Calcite's {@code SqlParseException}, which the planner reads by reflection; public like Calcite's,
     * since the reader is in another package.
     */
    public static final class FakeParseException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final Position position;

        FakeParseException(String message, int line, int column) {
            super(message);
            this.position = new Position(line, column);
        }

        public Position getPos() {
            return position;
        }
    }

    /** Shaped like Calcite's {@code SqlParserPos}. */
    public static final class Position {
        private final int line;
        private final int column;

        Position(int line, int column) {
            this.line = line;
            this.column = column;
        }

        public int getLineNum() {
            return line;
        }

        public int getColumnNum() {
            return column;
        }
    }

    @Test
    void translatesAnExceptionWhoseCausesFormACycle() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        AvaticaRuntimeException error = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(5), () -> SluiceErrors.translate(first));

        assertThat(error.getSqlState()).isEqualTo("HY000");
        assertThat(error.getErrorMessage()).contains("error id");
    }
}
