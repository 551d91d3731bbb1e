package dev.sluice.gateway.history;

import dev.sluice.gateway.security.GatewayUser;
import org.apache.flink.types.Row;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static java.util.Objects.requireNonNull;

/**
 * The finished statements of closed sessions, kept a while so that their user still finds them: in
 * {@code SHOW QUERY HISTORY} of their later sessions and on the web page. A tool that opens a session for every
 * operation (Superset does) can so be followed.
 *
 * <p>Bounded, because whoever may connect may open and close sessions at will: an entry goes once the retention has
 * passed since its session closed; one user keeps at most {@code maxEntriesPerUser} entries, their oldest going first;
 * and all users together at most {@code maxEntries}, the oldest going first whoever's they are. An entry is the trace
 * its session's history held, whose text was cut there, so each holds at most twice
 * {@code sluice.session.history.max-statement-length} characters.
 *
 * <p>Thread-safe: sessions close on request threads and on the housekeeping thread while others read.
 */
public final class ClosedSessionHistory {
    private final ClosedSessionHistoryConfig config;
    private final SessionClock clock;
    // guarded by this: in the order they were kept, and so of their sessions' close, oldest first
    private final ArrayDeque<ClosedQuery> entries = new ArrayDeque<>();
    // guarded by this: how many of the entries are each user's; a user with none has no key
    private final Map<GatewayUser, Integer> perUser = new HashMap<>();

    public ClosedSessionHistory(ClosedSessionHistoryConfig config, SessionClock clock) {
        this.config = requireNonNull(config, "config is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /** Keeps nothing: for sessions made outside a gateway. */
    public static ClosedSessionHistory none() {
        return new ClosedSessionHistory(ClosedSessionHistoryConfig.none(), SessionClock.withNanoClock(() -> 0));
    }

    /**
     * Keeps the statements of session {@code sessionId} of {@code owner}, closed now, that have ended; {@code traces}
     * are its history, oldest first. A statement still running is not kept.
     */
    void keep(GatewayUser owner, String sessionId, String cluster, List<QueryTrace> traces) {
        requireNonNull(owner, "owner is null");
        requireNonNull(sessionId, "sessionId is null");
        requireNonNull(cluster, "cluster is null");
        if (config.retention().isZero()) {
            return;
        }
        List<QueryTrace> ended = traces.stream().filter(QueryTrace::hasEnded).toList();
        // no more than the newest of them could stay
        List<QueryTrace> kept = ended.subList(Math.max(0, ended.size() - config.maxEntriesPerUser()), ended.size());
        if (kept.isEmpty()) {
            return;
        }
        synchronized (this) {
            long now = clock.nanoTime(); // read under the lock, so that entries are kept in the order of their time
            expire(now);
            kept.forEach(trace -> entries.addLast(new ClosedQuery(owner, sessionId, cluster, now, trace)));
            int count = perUser.merge(owner, kept.size(), Integer::sum);
            if (count > config.maxEntriesPerUser()) {
                dropOldestOf(owner, count - config.maxEntriesPerUser());
            }
            while (entries.size() > config.maxEntries()) {
                dropFirst();
            }
        }
    }

    /**
     * The rows of {@code SHOW QUERY HISTORY} for the closed sessions of {@code owner}, oldest first, each naming its
     * session. None for the anonymous user: with authentication off every session is theirs, and a connection's history
     * does not list every other client's statements (the web page does).
     */
    List<Row> historyRows(GatewayUser owner) {
        if (owner.equals(GatewayUser.ANONYMOUS)) {
            return List.of();
        }
        long now = clock.nanoTime();
        return entriesOf(owner::equals, now).stream()
                .map(entry -> entry.trace().toRow(now, entry.sessionId()))
                .toList();
    }

    /** The statements of the closed sessions of the users {@code visible} accepts, oldest first; for the web page. */
    public List<QuerySummary> summaries(Predicate<GatewayUser> visible) {
        requireNonNull(visible, "visible is null");
        long now = clock.nanoTime();
        return entriesOf(visible, now).stream()
                .map(entry -> entry.trace().summary(entry.sessionId(), entry.cluster(), now, true))
                .toList();
    }

    /** How many statements are kept now. */
    public synchronized int size() {
        expire(clock.nanoTime());
        return entries.size();
    }

    private List<ClosedQuery> entriesOf(Predicate<GatewayUser> owners, long now) {
        List<ClosedQuery> found;
        synchronized (this) {
            expire(now);
            found = entries.stream().filter(entry -> owners.test(entry.owner())).toList();
        }
        // sessions of one user may have run at once: their statements are ordered by when they started
        return found.stream()
                .sorted(Comparator.comparingLong(entry -> entry.trace().startNanos()))
                .toList();
    }

    // guarded by this
    private void expire(long now) {
        long retention = config.retention().toNanos();
        while (!entries.isEmpty() && now - entries.getFirst().keptAtNanos() >= retention) {
            dropFirst();
        }
    }

    // guarded by this
    private void dropFirst() {
        forget(entries.removeFirst().owner(), 1);
    }

    // guarded by this: one pass from the oldest, as the entries of one user are in the order they were kept
    private void dropOldestOf(GatewayUser owner, int count) {
        int dropped = 0;
        for (Iterator<ClosedQuery> it = entries.iterator(); it.hasNext() && dropped < count; ) {
            if (it.next().owner().equals(owner)) {
                it.remove();
                dropped++;
            }
        }
        forget(owner, dropped);
    }

    // guarded by this
    private void forget(GatewayUser owner, int count) {
        perUser.computeIfPresent(owner, (user, held) -> held > count ? held - count : null);
    }

    /** A statement of a closed session, kept at {@code keptAtNanos}. */
    private record ClosedQuery(
            GatewayUser owner, String sessionId, String cluster, long keptAtNanos, QueryTrace trace) {}
}
