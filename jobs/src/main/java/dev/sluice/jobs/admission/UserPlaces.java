package dev.sluice.jobs.admission;

import java.util.HashMap;
import java.util.Map;

/**
 * How many of a cluster's places each named user holds, and whether one more is within their share. Not thread-safe:
 * used under the admission's lock.
 */
final class UserPlaces {
    private final double maxShare;
    private final Map<String, Integer> held = new HashMap<>();

    /** @param maxShare the share of the places one named user may hold, above 0 and at most 1 */
    UserPlaces(double maxShare) {
        if (!(maxShare > 0 && maxShare <= 1)) {
            throw new IllegalArgumentException("maxUserShare must be above 0 and at most 1, was " + maxShare);
        }
        this.maxShare = maxShare;
    }

    /** Whether {@code user} may take one more of {@code places}; a query of no named user always may. */
    boolean mayTake(String user, int places) {
        return user.isEmpty() || held(user) < limit(places);
    }

    /** The places one named user may hold of {@code places}: their share, at least one. */
    int limit(int places) {
        return Math.max(1, (int) Math.floor(places * maxShare));
    }

    int held(String user) {
        return held.getOrDefault(user, 0);
    }

    void take(String user) {
        if (!user.isEmpty()) {
            held.merge(user, 1, Integer::sum);
        }
    }

    void give(String user) {
        if (!user.isEmpty()) {
            held.computeIfPresent(user, (name, count) -> count > 1 ? count - 1 : null);
        }
    }
}
