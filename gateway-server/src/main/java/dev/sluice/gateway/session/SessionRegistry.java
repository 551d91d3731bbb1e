package dev.sluice.gateway.session;

import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.history.OwnedQuery;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.jobs.JobCancellation;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.SessionClusters;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * The open sessions of a gateway, by Avatica connection id, each with the user that opened it. Thread-safe.
 *
 * <p>A session belongs to its owner: every look-up names the requesting user, and a session of another user is
 * answered exactly as an id that does not exist ({@link NoSuchSessionException}), so that nobody learns which ids
 * are open. Connection ids are logged at DEBUG only, since with authentication off they are the only secret.
 *
 * <p>Sessions that see no request for the idle timeout are closed by {@link #closeIdleSessions()}, which the
 * gateway runs periodically; time comes from an injected {@link SessionClock} so tests never sleep.
 */
public final class SessionRegistry implements AutoCloseable {
    /** The JDBC URL property that picks a session cluster by name. */
    public static final String CLUSTER_PROPERTY = "cluster";

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);
    // how many jobs' owners a cluster's ledger holds before it forgets those that have ended
    /** How long a stopping gateway waits for its cancelled jobs to end, all of them together. */
    static final Duration STOP_CANCEL_WAIT = Duration.ofSeconds(10);

    private final SessionClusters clusters;
    private final ClusterClients clusterClients;
    private final SessionConfig config;
    private final SessionClock clock;
    private final Map<String, OwnedSession> sessions = new ConcurrentHashMap<>();
    private final int maxSessionsPerUser;
    private final SessionFactory sessionFactory;

    /**
     * @param sessions builds each new session with what it shares with the others
     * @param maxSessionsPerUser open sessions one authenticated user may hold (not {@link GatewayUser#ANONYMOUS})
     */
    public SessionRegistry(
            SessionClusters clusters, SessionFactory sessions, SessionConfig config, int maxSessionsPerUser) {
        this.clusters = requireNonNull(clusters, "clusters is null");
        this.sessionFactory = requireNonNull(sessions, "sessions is null");
        this.clusterClients = sessions.clusterClients();
        this.clock = sessions.clock();
        this.config = requireNonNull(config, "config is null");
        this.maxSessionsPerUser = maxSessionsPerUser;
    }

    /**
     * Opens the session of connection {@code id}, owned by {@code owner}, on the cluster named by the
     * {@value #CLUSTER_PROPERTY} property, or the default cluster.
     *
     * @throws TooManySessionsException if the gateway is at its session limit
     * @throws TooManyUserSessionsException if {@code owner} is at the limit of sessions per user
     * @throws dev.sluice.sessioncache.UnknownClusterException if the property names no served cluster
     */
    public GatewaySession open(String id, GatewayUser owner, Map<String, String> properties) {
        requireNonNull(id, "id is null");
        requireNonNull(owner, "owner is null");
        String clusterName = properties.get(CLUSTER_PROPERTY);
        ClusterEndpoint cluster = clusterName == null ? clusters.defaultCluster() : clusters.require(clusterName);
        if (sessions.containsKey(id)) { // checked before a TableEnvironment is made for nothing
            throw new DuplicateConnectionException();
        }
        if (sessions.size() >= config.maxSessions()) {
            throw new TooManySessionsException(config.maxSessions());
        }
        checkUserLimit(owner);
        GatewaySession session = sessionFactory.create(id, cluster, owner, properties, () -> ownedQueries(owner));
        OwnedSession owned = new OwnedSession(session, owner);
        OwnedSession previous = sessions.putIfAbsent(id, owned);
        if (previous != null) { // opened twice at once: the first open wins
            session.close();
            throw new DuplicateConnectionException();
        }
        try {
            // checked again now that it counts: two opens that raced past the first check cannot both stay
            checkUserLimit(owner, 1);
        } catch (TooManyUserSessionsException e) {
            sessions.remove(id, owned);
            session.close();
            throw e;
        }
        LOG.info("Session opened for {} on cluster '{}' ({} open)", owner, cluster.name(), sessions.size());
        LOG.debug("Session {} opened for {}", id, owner);
        return session;
    }

    private void checkUserLimit(GatewayUser owner) {
        checkUserLimit(owner, 0);
    }

    /** Refuses when {@code owner} holds more than the per-user limit, beyond {@code alreadyCounted} new sessions. */
    private void checkUserLimit(GatewayUser owner, int alreadyCounted) {
        if (owner.equals(GatewayUser.ANONYMOUS)) {
            return;
        }
        long open = sessions.values().stream()
                .filter(session -> session.owner().equals(owner))
                .count();
        if (open - alreadyCounted >= maxSessionsPerUser) {
            throw new TooManyUserSessionsException(owner, maxSessionsPerUser);
        }
    }

    /**
     * Returns the open session {@code id} of {@code user} and marks it used now. This is the one check that a request
     * on a session comes from its owner: every entry point that names a session by id goes through it.
     *
     * @throws NoSuchSessionException if there is none, or it belongs to another user (the same answer, so that the
     *     ids of other users' sessions cannot be found out)
     */
    public GatewaySession requireOwned(String id, GatewayUser user) {
        GatewaySession session = findOwned(id, user);
        if (session == null) {
            throw new NoSuchSessionException(id);
        }
        session.touch(clock.nanoTime());
        return session;
    }

    /** Returns the session {@code id} if {@code user} owns it, else null; for idempotent close. */
    public @Nullable GatewaySession findOwned(String id, GatewayUser user) {
        requireNonNull(user, "user is null");
        OwnedSession owned = sessions.get(id);
        return owned != null && owned.owner().equals(user) ? owned.session() : null;
    }

    /** Closes session {@code id} if {@code user} owns it; closing an unknown or another user's session does nothing. */
    public void close(String id, GatewayUser user) {
        requireNonNull(user, "user is null");
        OwnedSession owned = sessions.get(id);
        if (owned != null && owned.owner().equals(user)) {
            close(id, owned);
        }
    }

    private void close(String id, OwnedSession owned) {
        if (sessions.remove(id, owned)) {
            owned.session().close();
            LOG.info("Session of {} closed ({} open)", owned.owner(), sessions.size());
            LOG.debug("Session {} closed", id);
        }
    }

    /** Closes every session idle for longer than the idle timeout; returns how many it closed. */
    public int closeIdleSessions() {
        long now = clock.nanoTime();
        long timeoutNanos = config.idleTimeout().toNanos();
        int closed = 0;
        for (OwnedSession owned : new ArrayList<>(sessions.values())) {
            GatewaySession session = owned.session();
            if (now - session.lastUsedNanos() > timeoutNanos && sessions.remove(session.id(), owned)) {
                session.close();
                closed++;
                LOG.info("Session of {} expired after {} idle", owned.owner(), config.idleTimeout());
                LOG.debug("Session {} expired", session.id());
            }
        }
        return closed;
    }

    /**
     * Closes every open result whose client has not fetched from it for the result idle timeout, cancelling its job
     * and freeing its place on the cluster; returns how many it closed.
     */
    public int closeIdleResults() {
        int closed = 0;
        for (OwnedSession owned : sessions.values()) {
            closed += owned.session().closeIdleResults(config.resultIdleTimeout());
        }
        return closed;
    }

    public int size() {
        return sessions.size();
    }

    /**
     * Cancels what statement {@code statementId} of session {@code sessionId} runs: the one place that the web page's
     * cancel goes through: only the session's owner may cancel, and another user's session is as absent as an
     * unknown one.
     *
     * @return whether there was such a statement
     */
    public boolean cancel(String sessionId, int statementId, GatewayUser user) {
        GatewaySession session = sessionFactory.authorization().isAdmin(user)
                ? Optional.ofNullable(sessions.get(sessionId))
                        .map(OwnedSession::session)
                        .orElse(null)
                : findOwned(sessionId, user);
        boolean found = session != null && session.cancelResult(statementId);
        if (found) {
            LOG.info("Session {}: statement {} cancelled from the web page", sessionId, statementId);
        }
        return found;
    }

    /** The statements {@code user} sees ({@link #queries}), each with the user whose session runs it. */
    public List<OwnedQuery> ownedQueries(GatewayUser user) {
        boolean admin = sessionFactory.authorization().isAdmin(user);
        List<OwnedQuery> queries = new ArrayList<>();
        for (OwnedSession owned : sessions.values()) {
            if (admin || owned.owner().equals(user)) {
                owned.session().queries().forEach(query -> queries.add(new OwnedQuery(owned.owner(), query)));
            }
        }
        queries.sort(Comparator.comparing((OwnedQuery owned) -> owned.query().startedAt())
                .reversed());
        return queries;
    }

    /**
     * The statements of every open session of {@code user} (an admin's: of every session), and those their closed
     * sessions left for a while, newest first.
     */
    public List<QuerySummary> queries(GatewayUser user) {
        List<QuerySummary> queries = new ArrayList<>();
        visibleTo(user).forEach(session -> queries.addAll(session.queries()));
        boolean admin = sessionFactory.authorization().isAdmin(user);
        queries.addAll(sessionFactory.closedSessions().summaries(owner -> admin || owner.equals(user)));
        queries.sort(Comparator.comparing(QuerySummary::startedAt).reversed());
        return queries;
    }

    /** Every open session of {@code user}. */
    public List<SessionSummary> sessionSummaries(GatewayUser user) {
        long now = clock.nanoTime();
        List<SessionSummary> summaries = new ArrayList<>();
        for (GatewaySession session : visibleTo(user)) {
            int running = (int)
                    session.queries().stream().filter(QuerySummary::running).count();
            summaries.add(new SessionSummary(
                    session.id(), session.cluster().name(), (now - session.lastUsedNanos()) / 1_000_000, running));
        }
        summaries.sort(Comparator.comparing(SessionSummary::id));
        return summaries;
    }

    /**
     * Closes every session. Their running jobs are cancelled first, one after another, oldest first, and each is
     * waited for until it has ended (at most {@link #STOP_CANCEL_WAIT} for all of them), so that none is left to be
     * failed by the cluster's or the clients' shutdown; each cancelled job is logged in one INFO line.
     */
    @Override
    public void close() {
        long deadline = clock.nanoTime() + STOP_CANCEL_WAIT.toNanos();
        for (RunningJob job : runningJobs()) {
            Duration remaining = Duration.ofNanos(Math.max(0, deadline - clock.nanoTime()));
            Optional<JobStatus> ended = JobCancellation.cancelAndAwait(
                    clusterClients, job.cluster(), JobID.fromHexString(job.jobId()), remaining);
            if (ended.isPresent()) {
                LOG.info(
                        "Cancelled job {} on cluster '{}' ({})",
                        job.jobId(),
                        job.cluster().name(),
                        ended.get());
            } else {
                LOG.warn(
                        "Job {} on cluster '{}' was cancelled but not seen to end within {}; it may still run there",
                        job.jobId(),
                        job.cluster().name(),
                        STOP_CANCEL_WAIT);
            }
        }
        for (Map.Entry<String, OwnedSession> entry : new ArrayList<>(sessions.entrySet())) {
            close(entry.getKey(), entry.getValue());
        }
    }

    /** The jobs that the statements of every open session are running, oldest first. */
    private List<RunningJob> runningJobs() {
        List<QuerySummary> running = new ArrayList<>();
        Map<String, ClusterEndpoint> clusterOfSession = new HashMap<>();
        for (OwnedSession owned : sessions.values()) {
            GatewaySession session = owned.session();
            clusterOfSession.put(session.id(), session.cluster());
            session.queries().stream()
                    .filter(query -> query.running() && query.jobId() != null)
                    .forEach(running::add);
        }
        running.sort(Comparator.comparing(QuerySummary::startedAt));
        return running.stream()
                .map(query ->
                        new RunningJob(clusterOfSession.get(query.sessionId()), requireNonNull(query.jobId(), "jobId")))
                .toList();
    }

    private record RunningJob(ClusterEndpoint cluster, String jobId) {}

    // an admin sees every user's sessions and statements (but runs statements in their own only)
    private List<GatewaySession> visibleTo(GatewayUser user) {
        return sessionFactory.authorization().isAdmin(user)
                ? sessions.values().stream().map(OwnedSession::session).toList()
                : ownedBy(user);
    }

    // with authentication off every session and every request is ANONYMOUS's, so an operator on loopback sees all
    private List<GatewaySession> ownedBy(GatewayUser user) {
        return sessions.values().stream()
                .filter(owned -> owned.owner().equals(user))
                .map(OwnedSession::session)
                .toList();
    }

    private record OwnedSession(GatewaySession session, GatewayUser owner) {}
}
