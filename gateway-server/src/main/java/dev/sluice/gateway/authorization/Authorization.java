package dev.sluice.gateway.authorization;

import dev.sluice.gateway.config.ReloadingFile;
import dev.sluice.gateway.security.GatewayUser;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Who may do what with the tables of the shared catalogs, and who is an admin: the rules file's rules (read again on
 * change) and the configuration's admins. Tables of other catalogs (a session's temporary tables, catalogs a session
 * created) are the session's own and not judged here.
 */
public final class Authorization {
    private final @Nullable ReloadingFile<AccessRules> rulesFile;
    private final Set<String> configuredAdmins;
    private final Set<String> sharedCatalogs;

    private Authorization(
            @Nullable ReloadingFile<AccessRules> rulesFile, Set<String> configuredAdmins, Set<String> sharedCatalogs) {
        this.rulesFile = rulesFile;
        this.configuredAdmins = Set.copyOf(configuredAdmins);
        this.sharedCatalogs = Set.copyOf(sharedCatalogs);
    }

    /**
     * @param sharedCatalogs the catalogs the administrator declared ({@code sluice.catalogs}), whose tables the rules are
     *     about
     * @throws IllegalArgumentException if the rules file does not parse
     */
    public static Authorization of(AuthorizationConfig config, Collection<String> sharedCatalogs) {
        requireNonNull(config, "config is null");
        Path file = config.rulesFile();
        ReloadingFile<AccessRules> rules = file == null
                ? null
                : new ReloadingFile<>(
                        "the rules file",
                        file,
                        config.refreshInterval(),
                        System::nanoTime,
                        content -> AccessRules.parse(
                                new String(content, StandardCharsets.UTF_8), "The rules file " + file));
        return new Authorization(rules, config.admins(), Set.copyOf(sharedCatalogs));
    }

    /** No rules and no admins: every user may do everything with every table. */
    public static Authorization none() {
        return new Authorization(null, Set.of(), Set.of());
    }

    AccessRules rules() {
        return rulesFile == null ? AccessRules.ALLOWING_EVERYTHING : rulesFile.current();
    }

    boolean isShared(String catalog) {
        return sharedCatalogs.contains(catalog);
    }

    /** Whether {@code user} is an admin: named by the configuration or the rules file (themselves or a group). */
    public boolean isAdmin(GatewayUser user) {
        return !user.name().isEmpty() && (configuredAdmins.contains(user.name()) || rules().isAdmin(user.name()));
    }

    /** The rules as they apply to the statements of {@code user}'s sessions. */
    public UserAuthorization forUser(GatewayUser user) {
        return new UserAuthorization(this, requireNonNull(user, "user is null"));
    }
}
