package dev.sluice.gateway.dataaccess;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * An allowed place from the configuration, as written: a path or URI, possibly with {@code ${user}} standing for the
 * session's user, so that each user may have a directory of their own ({@code /data/users/${user}/}).
 */
record LocationPrefix(String template) {
    static final String USER = "${user}";
    // a user name that is one plain path step; anything else never stands in for ${user}
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]*");

    LocationPrefix {
        requireNonNull(template, "template is null");
    }

    /**
     * Reads one entry of a location list, checking that it parses (with a sample user name for {@code ${user}}).
     *
     * @throws IllegalArgumentException naming {@code key} if it does not
     */
    static LocationPrefix of(String key, String entry, Path workingDirectory) {
        LocationPrefix prefix = new LocationPrefix(entry.strip());
        try {
            Location.parse(prefix.template.replace(USER, "user"), workingDirectory);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + " holds '" + entry + "', which is " + e.getMessage());
        }
        return prefix;
    }

    /**
     * This place for {@code user}, resolved now (links may change); empty if it names {@code ${user}} and the user has
     * no name that can be a path step (an anonymous session, a name with a slash or dots).
     */
    Optional<Location> resolve(String user, Path workingDirectory) {
        if (template.contains(USER)) {
            if (!PLAIN_NAME.matcher(user).matches() || user.contains("..")) {
                return Optional.empty();
            }
            return Optional.of(Location.parse(template.replace(USER, user), workingDirectory));
        }
        return Optional.of(Location.parse(template, workingDirectory));
    }
}
