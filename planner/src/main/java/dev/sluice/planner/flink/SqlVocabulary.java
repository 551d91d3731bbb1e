package dev.sluice.planner.flink;

import org.apache.flink.table.api.TableEnvironment;

import java.io.Reader;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;

import static java.util.Objects.requireNonNull;

/**
 * The words of Flink SQL as JDBC's {@code DatabaseMetaData} lists them, each a comma-separated list taken from
 * Flink's own planner: the keywords of Flink's SQL parser that are not SQL:2003 reserved words (what
 * {@code getSQLKeywords} asks for), and the functions of JDBC's escape syntax ({@code {fn ABS(x)}}) that the parser
 * understands, per group.
 *
 * <p>Flink's planner classes (its parser and its Calcite) live in the planner's own class loader, so they are reached
 * by name there.
 */
public record SqlVocabulary(
        String keywords,
        String numericFunctions,
        String stringFunctions,
        String timeDateFunctions,
        String systemFunctions) {
    private static final String PARSER = "org.apache.flink.sql.parser.impl.FlinkSqlParserImpl";
    private static final String JDBC_FUNCTIONS = "org.apache.calcite.sql.SqlJdbcFunctionCall";

    public SqlVocabulary {
        requireNonNull(keywords, "keywords is null");
        requireNonNull(numericFunctions, "numericFunctions is null");
        requireNonNull(stringFunctions, "stringFunctions is null");
        requireNonNull(timeDateFunctions, "timeDateFunctions is null");
        requireNonNull(systemFunctions, "systemFunctions is null");
    }

    /**
     * Reads the lists from the planner of {@code environment}.
     *
     * @throws IllegalStateException if this Flink's planner lacks the parser or function classes Sluice reads
     */
    public static SqlVocabulary of(TableEnvironment environment) {
        ClassLoader planner = TableEnvironmentInternals.plannerClassLoader(environment);
        try {
            Class<?> parserClass = Class.forName(PARSER, true, planner);
            Object parser = parserClass.getConstructor(Reader.class).newInstance(new StringReader(""));
            Object metadata = parserClass.getMethod("getMetadata").invoke(parser);
            Class<?> functions = Class.forName(JDBC_FUNCTIONS, true, planner);
            return new SqlVocabulary(
                    (String) metadata.getClass().getMethod("getJdbcKeywords").invoke(metadata),
                    (String) functions.getMethod("getNumericFunctions").invoke(null),
                    (String) functions.getMethod("getStringFunctions").invoke(null),
                    (String) functions.getMethod("getTimeDateFunctions").invoke(null),
                    (String) functions.getMethod("getSystemFunctions").invoke(null));
        } catch (ReflectiveOperationException | ClassCastException e) {
            Throwable cause = e instanceof InvocationTargetException invocation ? invocation.getCause() : e;
            throw new IllegalStateException(
                    "Cannot read the keywords and functions of Flink's planner (" + PARSER + ", " + JDBC_FUNCTIONS
                            + "): " + cause,
                    cause);
        }
    }
}
