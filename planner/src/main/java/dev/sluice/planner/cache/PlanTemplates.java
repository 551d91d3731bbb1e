package dev.sluice.planner.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.parametric.PlanTemplate;
import dev.sluice.planner.parametric.Sentinels;
import dev.sluice.planner.parametric.StatementLiterals;
import dev.sluice.planner.push.CompiledPushQuery;
import dev.sluice.planner.push.PushQueryPlanner;
import org.apache.flink.table.api.TableEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Templates of pushed queries' plans ({@link PlanTemplate}): a statement that differs from one planned before only in
 * the values of its literals (a prepared statement run with new parameters, a dashboard's filter with another value)
 * takes that plan with its values written in, and Flink translates it without parsing, validating or optimising.
 *
 * <p>A template is derived the second time a statement's template key ({@link StatementLiterals#template()}) is
 * planned, not the first, since deriving plans the statement twice more: a statement that never comes back with other
 * values costs nothing. It is kept under the same scope as the statement's own plan (the session's, or every sharing
 * session's), with the same dependencies, looked up and checked again before each use. A statement whose template
 * cannot be derived is remembered as such, and planned in full each time. Thread-safe.
 */
final class PlanTemplates {
    private static final Logger LOG = LoggerFactory.getLogger(PlanTemplates.class);

    private final boolean enabled;
    private final Cache<JobPlanKey, Entry> templates;
    // template keys planned once (false), or whose plans make no template (true)
    private final Cache<JobPlanKey, Boolean> tried;

    PlanTemplates(boolean enabled, int maxSize) {
        this.enabled = enabled;
        this.templates = Caffeine.newBuilder()
                .maximumSize(maxSize)
                .executor(Runnable::run)
                .build();
        this.tried = Caffeine.newBuilder()
                .maximumSize(4L * maxSize)
                .executor(Runnable::run)
                .build();
    }

    /** A template with what it needs to become a query: the statement's compiled query as a prototype, without its transformations. */
    private record Entry(PlanTemplate template, CompiledPushQuery prototype, KeptDependencies dependencies) {
        Entry {
            requireNonNull(template, "template is null");
            requireNonNull(prototype, "prototype is null");
            requireNonNull(dependencies, "dependencies is null");
        }
    }

    /** A query restored from a template, and what the template's plan read: what its own plan depends on. */
    record Restored(CompiledPushQuery compiled, KeptDependencies dependencies) {
        Restored {
            requireNonNull(compiled, "compiled is null");
            requireNonNull(dependencies, "dependencies is null");
        }
    }

    /**
     * The query of {@code literals} from the template kept under {@code key}, translated on {@code environment}, if
     * nothing its plan read has changed; its accesses are put to {@code check}, which throws to refuse.
     */
    Optional<Restored> find(
            TableEnvironment environment,
            PlanScope scope,
            StatementLiterals literals,
            JobPlanKey key,
            AccessCheck check) {
        if (!enabled || literals.isEmpty()) {
            return Optional.empty();
        }
        Entry entry = templates.getIfPresent(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (!entry.dependencies().isCurrent(environment, check, scope)) {
            templates.invalidate(key);
            return Optional.empty();
        }
        String plan = entry.template().instantiate(literals.values());
        return Optional.of(new Restored(entry.prototype().restoredFrom(environment, plan), entry.dependencies()));
    }

    /**
     * After {@code compiled}, the statement of {@code literals}, was planned in full and its plan kept under the scope
     * of {@code keys}: derives its template if the same template key was planned before, and keeps it under those
     * keys. Runs on the planning thread of {@code compiled}'s TableEnvironment; a derivation that fails only means no
     * template.
     */
    void keep(
            StatementLiterals literals,
            Collection<JobPlanKey> keys,
            CompiledPushQuery compiled,
            KeptDependencies dependencies,
            AccessCheck check) {
        if (!enabled || literals.isEmpty() || keys.isEmpty()) {
            return;
        }
        JobPlanKey first = keys.iterator().next();
        if (templates.getIfPresent(first) != null) {
            return;
        }
        Boolean refused = tried.getIfPresent(first);
        if (refused == null) {
            keys.forEach(key -> tried.put(key, Boolean.FALSE));
            return;
        }
        if (refused) {
            return;
        }
        PlanTemplate.Derivation derivation = derive(literals, compiled, check);
        if (derivation.template() == null) {
            LOG.debug("A statement's plan takes no other literal values: {}", derivation.refusal());
            keys.forEach(key -> tried.put(key, Boolean.TRUE));
            return;
        }
        Entry entry = new Entry(derivation.template(), compiled.withoutTransformations(), dependencies);
        keys.forEach(key -> {
            templates.put(key, entry);
            tried.invalidate(key);
        });
    }

    /** Drops the templates of session {@code sessionId}; shared ones stay. */
    void invalidateSession(String sessionId) {
        templates.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
        tried.asMap().keySet().removeIf(key -> key.sessionId().equals(sessionId));
    }

    /** Templates held now. */
    long size() {
        templates.cleanUp();
        return templates.estimatedSize();
    }

    private static PlanTemplate.Derivation derive(
            StatementLiterals literals, CompiledPushQuery compiled, AccessCheck check) {
        Optional<List<Sentinels.Sentinel>> first = Sentinels.of(literals.slots(), Sentinels.Set.FIRST);
        Optional<List<Sentinels.Sentinel>> second = Sentinels.of(literals.slots(), Sentinels.Set.SECOND);
        if (first.isEmpty() || second.isEmpty()) {
            return new PlanTemplate.Derivation(null, "a literal's shape has too few values to stand in for it");
        }
        try {
            String firstPlan = compilePlan(literals, first.get(), compiled, check);
            String secondPlan = compilePlan(literals, second.get(), compiled, check);
            return PlanTemplate.derive(firstPlan, secondPlan, literals.slots(), first.get(), second.get());
        } catch (Exception e) {
            // the stand-ins may be values the statement cannot take (a JSON path, a format), and Flink cannot write
            // every batch plan as JSON (a join's MultipleInput: "Can not serialize ExecNode ... Missing type"): no
            // template, no error. Exception, not RuntimeException: Jackson wraps a serializer's failure in a checked
            // JsonMappingException, which Flink's Scala planner passes on undeclared
            return new PlanTemplate.Derivation(null, "planning with stand-in values failed: " + e.getMessage());
        }
    }

    private static String compilePlan(
            StatementLiterals literals,
            List<Sentinels.Sentinel> sentinels,
            CompiledPushQuery compiled,
            AccessCheck check) {
        String sql =
                literals.sqlWith(sentinels.stream().map(Sentinels.Sentinel::sql).toList());
        return PushQueryPlanner.plan(compiled.environment(), sql, check).compilePlan(compiled.sinkOptions());
    }
}
