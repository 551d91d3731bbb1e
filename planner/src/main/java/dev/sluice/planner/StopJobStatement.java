package dev.sluice.planner;

import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Flink's {@code STOP JOB} statement, which Flink's TableEnvironment cannot run, so the gateway does: it cancels the
 * job, or with {@code WITH SAVEPOINT} stops it with a savepoint, which {@code WITH DRAIN} takes after advancing the
 * event time to its end.
 *
 * <p>Syntax, Flink's: {@code STOP JOB 'job id' [WITH SAVEPOINT] [WITH DRAIN]}, the job id being Flink's 32
 * hexadecimal digits in a string literal. Sluice refuses {@code WITH DRAIN} without {@code WITH SAVEPOINT}, which Flink
 * would ignore.
 *
 * @param jobId the job's id, in lower case
 */
public record StopJobStatement(String jobId, boolean withSavepoint, boolean withDrain) {
    private static final String INVALID = "Invalid STOP JOB statement";
    private static final String SYNTAX = "the syntax is STOP JOB 'job id' [WITH SAVEPOINT] [WITH DRAIN]";

    public StopJobStatement {
        requireNonNull(jobId, "jobId is null");
        if (!isJobId(jobId)) {
            throw new IllegalArgumentException("jobId must be 32 hexadecimal digits in lower case, was " + jobId);
        }
        if (withDrain && !withSavepoint) {
            throw new IllegalArgumentException("withDrain needs withSavepoint");
        }
    }

    /**
     * The statement if its tokens are a {@code STOP JOB} statement; empty for any other statement.
     *
     * @throws InvalidStatementException if it starts with {@code STOP JOB} but does not fit the syntax; the message
     *     gives the line and column of the first token that does not fit
     */
    public static Optional<StopJobStatement> find(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        requireNonNull(tokens, "tokens is null");
        if (!startsWithStopJob(tokens)) {
            return Optional.empty();
        }
        return Optional.of(new Reader(sql, tokens).statement());
    }

    /** Whether the tokens start with {@code STOP JOB}, whether or not the rest fits the syntax. */
    static boolean startsWithStopJob(List<SqlToken> tokens) {
        return tokens.size() >= 2
                && tokens.get(0).isWord("STOP")
                && tokens.get(1).isWord("JOB");
    }

    private static boolean isJobId(String text) {
        return text.length() == 32 && text.chars().allMatch(HexFormat::isHexDigit);
    }

    /** Reads the tokens after {@code STOP JOB}. */
    private static final class Reader {
        private final String sql;
        private final List<SqlToken> tokens;
        private int next = 2;

        Reader(String sql, List<SqlToken> tokens) {
            this.sql = sql;
            this.tokens = tokens;
        }

        StopJobStatement statement() {
            String jobId = jobId();
            boolean savepoint = false;
            boolean drain = false;
            while (peekWord("WITH")) {
                next++;
                if (!savepoint && !drain && peekWord("SAVEPOINT")) {
                    savepoint = true;
                } else if (!drain && peekWord("DRAIN")) {
                    if (!savepoint) {
                        throw invalid("WITH DRAIN needs WITH SAVEPOINT before it");
                    }
                    drain = true;
                } else {
                    throw invalid("expected SAVEPOINT or DRAIN, each at most once and in that order");
                }
                next++;
            }
            if (next < tokens.size() && tokens.get(next).text().equals(";")) {
                next++;
            }
            if (next < tokens.size()) {
                throw invalid("expected WITH SAVEPOINT, WITH DRAIN or the end of the statement");
            }
            return new StopJobStatement(jobId, savepoint, drain);
        }

        private String jobId() {
            SqlToken token = next < tokens.size() ? tokens.get(next) : null;
            String text = token == null ? "" : token.text();
            if (token == null
                    || token.kind() != SqlToken.Kind.STRING
                    || text.length() != 34
                    || !text.startsWith("'")
                    || !text.endsWith("'")
                    || !isJobId(text.substring(1, 33))) {
                throw invalid("expected the job id: 32 hexadecimal digits in single quotes");
            }
            next++;
            return text.substring(1, 33).toLowerCase(Locale.ROOT);
        }

        private boolean peekWord(String word) {
            return next < tokens.size() && tokens.get(next).isWord(word);
        }

        /** An error at the current token, or at the end of the text if there is none. */
        private InvalidStatementException invalid(String problem) {
            int offset = next < tokens.size() ? tokens.get(next).start() : sql.length();
            return InvalidStatementException.at(sql, offset, INVALID, problem + "; " + SYNTAX);
        }
    }
}
