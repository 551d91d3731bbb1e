package dev.sluice.planner.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * Answers of {@code DatabaseMetaData} calls per session, reused until the session runs a statement that may change
 * its catalogs ({@link CatalogSession#stateVersion()}): BI tools ask the same questions many times while a user
 * browses.
 *
 * <p>Sessions are held weakly, so a session the registry closed (by the client or for idleness) leaves no entry.
 * Catalogs that other sessions or systems change (the gateway's shared catalogs, a Hive metastore) move no session's
 * state version, so an answer is also kept at most {@link #MAX_AGE}: a table another connection creates is listed
 * within that bound, while a BI tool's bursts of the same calls (many per second while a user browses) still hit.
 */
public final class MetadataCache {
    /** How long an answer is reused at most, whatever the session's state version. */
    public static final Duration MAX_AGE = Duration.ofSeconds(1);

    private final Ticker ticker;
    private final Cache<Object, SessionAnswers> sessions =
            Caffeine.newBuilder().weakKeys().build();

    public MetadataCache() {
        this(Ticker.systemTicker());
    }

    /** With the time of {@code ticker}, so that tests need not sleep. */
    public MetadataCache(Ticker ticker) {
        this.ticker = requireNonNull(ticker, "ticker is null");
    }

    /**
     * The cached answer to {@code question}, or the one {@code answer} computes on the session's TableEnvironment.
     *
     * @param question a value with equals and hashCode that names the call and its arguments
     */
    @SuppressWarnings("unchecked")
    public <T> T answer(CatalogSession session, Object question, Function<SessionCatalog, T> answer) {
        requireNonNull(session, "session is null");
        requireNonNull(question, "question is null");
        requireNonNull(answer, "answer is null");
        long version = session.stateVersion().getAsLong();
        long now = ticker.read();
        SessionAnswers answers = sessions.get(session.session(), key -> new SessionAnswers(version, now));
        if (answers.version != version || now - answers.createdNanos > MAX_AGE.toNanos()) {
            answers = new SessionAnswers(version, now);
            sessions.put(session.session(), answers);
        }
        Object cached = answers.byQuestion.get(question);
        if (cached != null) {
            return (T) cached;
        }
        T computed =
                session.environment().withTableEnvironment(environment -> answer.apply(SessionCatalog.of(environment)));
        // a DDL that ran while computing makes this answer stale: keep it only if the version still holds
        if (session.stateVersion().getAsLong() == version) {
            answers.byQuestion.put(question, computed);
        }
        return computed;
    }

    /** The answers computed at one state version of a session. */
    private static final class SessionAnswers {
        private final long version;
        private final long createdNanos;
        private final Map<Object, Object> byQuestion = new ConcurrentHashMap<>();

        private SessionAnswers(long version, long createdNanos) {
            this.version = version;
            this.createdNanos = createdNanos;
        }
    }
}
