package dev.sluice.planner.flink;

import dev.sluice.errors.SluiceErrorCode;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class FlinkStatementFaultsTest {
    @Test
    void parserAndValidatorExceptionsAreKnownByName() {
        assertThat(FlinkStatementFaults.byClassName())
                .containsEntry(SqlParserException.class.getName(), SluiceErrorCode.SYNTAX_ERROR)
                .containsEntry(ValidationException.class.getName(), SluiceErrorCode.VALIDATION_ERROR)
                .containsEntry("org.apache.calcite.runtime.CalciteContextException", SluiceErrorCode.VALIDATION_ERROR)
                .containsEntry(
                        "org.apache.calcite.sql.validate.SqlValidatorException", SluiceErrorCode.VALIDATION_ERROR)
                .containsEntry(
                        "org.apache.flink.sql.parser.error.SqlValidateException", SluiceErrorCode.VALIDATION_ERROR);
    }

    @Test
    void aStackOverflowInsideCalciteIsASyntaxError() {
        assertThat(FlinkStatementFaults.find(
                        overflowAt("java.util.AbstractList$Itr", "org.apache.calcite.sql.SqlCall")))
                .contains(SluiceErrorCode.SYNTAX_ERROR);
        assertThat(FlinkStatementFaults.find(overflowAt("org.apache.flink.table.planner.plan.optimize.Program")))
                .contains(SluiceErrorCode.SYNTAX_ERROR);
        assertThat(FlinkStatementFaults.find(overflowAt("org.apache.flink.sql.parser.ddl.SqlCreateTable")))
                .contains(SluiceErrorCode.SYNTAX_ERROR);
    }

    @Test
    void aStackOverflowInsideAvaticaOrSluiceIsNotTheStatements() {
        assertThat(FlinkStatementFaults.find(overflowAt("org.apache.calcite.avatica.remote.JsonHandler")))
                .isEmpty();
        assertThat(FlinkStatementFaults.find(overflowAt("dev.sluice.gateway.session.GatewaySession")))
                .isEmpty();
    }

    @Test
    void theNullPointerExceptionOfFlinksParserIsASyntaxError() {
        NullPointerException lost = new NullPointerException();
        lost.setStackTrace(new StackTraceElement[] {frame("org.apache.flink.table.planner.parse.CalciteParser")});

        assertThat(FlinkStatementFaults.find(lost)).contains(SluiceErrorCode.SYNTAX_ERROR);
        assertThat(FlinkStatementFaults.find(new NullPointerException("a bug"))).isEmpty();
    }

    @Test
    void aMissingCatalogIsAValidationErrorButAFailingOneIsNot() {
        assertThat(FlinkStatementFaults.find(new CatalogException("A database with name [x] does not exist.")))
                .contains(SluiceErrorCode.VALIDATION_ERROR);
        assertThat(FlinkStatementFaults.find(new CatalogException("Failed to connect to the metastore")))
                .isEmpty();
    }

    @Test
    void aBareTableExceptionIsThePlannersRefusalButOneWithACauseIsNot() {
        assertThat(FlinkStatementFaults.find(new TableException("Not support limitEnd is max value now!")))
                .contains(SluiceErrorCode.UNSUPPORTED_OPERATION);
        assertThat(FlinkStatementFaults.find(
                        new TableException("Failed to execute sql", new IllegalStateException("submission"))))
                .isEmpty();
    }

    @Test
    void findLooksAtTheExceptionItselfNotItsCauses() {
        RuntimeException wrapper =
                new RuntimeException("planning failed", overflowAt("org.apache.calcite.sql.SqlCall"));

        assertThat(FlinkStatementFaults.find(wrapper)).isEmpty();
    }

    @Test
    void messageJoinsTheChainAndAddsTheParserPosition() {
        SqlParserException failure =
                new SqlParserException("SQL parse failed.", new FakeParseException("Encountered \"FORM\"", 1, 10));

        assertThat(FlinkStatementFaults.message(failure))
                .isEqualTo("SQL parse failed.: Encountered \"FORM\" at line 1, column 10");
    }

    @Test
    void messageKeepsAPositionThatIsAlreadyThere() {
        assertThat(FlinkStatementFaults.message(new SqlParserException("Encountered \"FORM\" at line 1, column 10.")))
                .isEqualTo("Encountered \"FORM\" at line 1, column 10.");
    }

    @Test
    void messageOfAnOverflowSaysTheStatementIsNestedTooDeeply() {
        RuntimeException failure =
                new RuntimeException("planning failed", overflowAt("org.apache.calcite.sql.SqlCall"));

        assertThat(FlinkStatementFaults.message(failure)).isEqualTo(FlinkStatementFaults.NESTED_TOO_DEEPLY);
    }

    private static StackOverflowError overflowAt(String... classNames) {
        StackOverflowError overflow = new StackOverflowError();
        StackTraceElement[] stack = new StackTraceElement[classNames.length];
        for (int i = 0; i < classNames.length; i++) {
            stack[i] = frame(classNames[i]);
        }
        overflow.setStackTrace(stack);
        return overflow;
    }

    private static StackTraceElement frame(String className) {
        return new StackTraceElement(className, "visit", null, 1);
    }

    /** Shaped like Calcite's {@code SqlParseException}, which is read by reflection. */
    static final class FakeParseException extends RuntimeException {
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
    static final class Position {
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
}
