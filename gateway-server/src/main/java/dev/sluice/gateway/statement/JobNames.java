package dev.sluice.gateway.statement;

import dev.sluice.gateway.result.QueryDeadline;
import dev.sluice.jobs.JobRequest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * Names a session's jobs on the cluster {@code sluice:<session>:<statement>:<run>}, never after their SQL: the text's
 * literals (a password in a connector option, a customer's e-mail in a filter) would otherwise show in Flink's web
 * UI, its REST API and its logs. The session part is a hash of the connection id, which stays a secret: it tells
 * one session's jobs from another's without naming the session. The run counts the session's statements that went to
 * Flink, since a JDBC statement that is executed again keeps its id.
 */
final class JobNames {
    private static final int SESSION_HEX_DIGITS = 8;

    private static final AtomicLong SHARED_RUNS = new AtomicLong();

    private final String sessionTag;
    private final AtomicLong runs = new AtomicLong();

    JobNames(String sessionId) {
        this.sessionTag = tag(requireNonNull(sessionId, "sessionId is null"));
    }

    /** What the session's executor is told about the job the next run of statement {@code statementId} submits. */
    JobRequest request(int statementId, QueryDeadline deadline, long nowNanos) {
        String name = "sluice:" + sessionTag + ":" + statementId + ":" + runs.incrementAndGet();
        return new JobRequest(name, deadline.remaining(nowNanos), deadline.setting(), deadline.timeout());
    }

    /**
     * The request for a job that carries {@code queries} queries of possibly several sessions, for the statement whose
     * request is {@code leader}: named {@code sluice:shared:<queries>:<n>}, after no session, and owned by none.
     */
    static JobRequest shared(JobRequest leader, int queries) {
        String name = "sluice:shared:" + queries + ":" + SHARED_RUNS.incrementAndGet();
        return new JobRequest(name, leader.remaining(), leader.timeoutKey(), leader.timeout(), true);
    }

    private static String tag(String sessionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(sessionId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, SESSION_HEX_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }
}
