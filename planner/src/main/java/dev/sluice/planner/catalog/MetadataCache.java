package dev.sluice.planner.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

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
 * Catalogs that other sessions or systems change (a shared Hive catalog) are not seen until this session's next
 * state change; permanent objects in Flink's default in-memory catalog are per session anyway.
 */
public final class MetadataCache {
    private final Cache<Object, SessionAnswers> sessions =
            Caffeine.newBuilder().weakKeys().build();

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
        SessionAnswers answers = sessions.get(session.session(), key -> new SessionAnswers(version));
        if (answers.version != version) {
            answers = new SessionAnswers(version);
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
        private final Map<Object, Object> byQuestion = new ConcurrentHashMap<>();

        private SessionAnswers(long version) {
            this.version = version;
        }
    }
}
