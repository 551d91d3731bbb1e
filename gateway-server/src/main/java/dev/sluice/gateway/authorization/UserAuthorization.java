package dev.sluice.gateway.authorization;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.access.DataAccess.ChangeKind;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rules as they apply to one user: what their statements may do to the tables of the shared catalogs (judged
 * after Flink resolved them, views expanded), and which of those tables they see in metadata.
 */
public final class UserAuthorization {
    private final Authorization authorization;
    private final GatewayUser user;

    UserAuthorization(Authorization authorization, GatewayUser user) {
        this.authorization = requireNonNull(authorization, "authorization is null");
        this.user = requireNonNull(user, "user is null");
    }

    /** @throws NotAuthorizedException at the first access the rules do not grant */
    public void check(List<DataAccess> accesses) {
        AccessRules rules = authorization.rules(); // one reading of the rules for the whole statement
        for (DataAccess access : accesses) {
            if (access instanceof DataAccess.TableUse use
                    && !use.temporary()
                    && authorization.isShared(use.table().getCatalogName())) {
                require(
                        rules,
                        use.mode() == DataAccess.Mode.READ ? Privilege.SELECT : Privilege.INSERT,
                        use.table().getCatalogName(),
                        use.table().getDatabaseName(),
                        use.table().getObjectName());
            } else if (access instanceof DataAccess.Change change && authorization.isShared(change.catalog())) {
                Privilege needed = change.kind() == ChangeKind.CREATE ? Privilege.CREATE : Privilege.DROP;
                require(
                        rules,
                        needed,
                        change.catalog(),
                        change.database(),
                        change.object() == null ? "" : change.object());
            } else if (access instanceof DataAccess.DeclaredCatalog catalog
                    && authorization.isShared(catalog.name())
                    && !authorization.isAdmin(user)) {
                throw new NotAuthorizedException("User " + user + " may not change the shared catalog `"
                        + catalog.name() + "`: only an admin may (sluice.security.authorization.admins)");
            }
        }
    }

    /** Whether the user sees the table in metadata (getTables, getColumns): tables they may read. */
    public boolean mayRead(String catalog, String database, String table) {
        return !authorization.isShared(catalog)
                || Privilege.SELECT.grantedBy(authorization.rules().privileges(user.name(), catalog, database, table));
    }

    /**
     * Whether the user sees the database in metadata (getSchemas, {@code SHOW DATABASES}): a database of which the
     * rules may grant them some table. The databases of catalogs that are not shared are the session's own.
     */
    public boolean mayListDatabase(String catalog, String database) {
        return !authorization.isShared(catalog) || authorization.rules().mayUseDatabase(user.name(), catalog, database);
    }

    private void require(AccessRules rules, Privilege privilege, String catalog, String database, String object) {
        if (!privilege.grantedBy(rules.privileges(user.name(), catalog, database, object))) {
            String what = object.isEmpty()
                    ? "the database `" + catalog + "`.`" + database + "`"
                    : "`" + catalog + "`.`" + database + "`.`" + object + "`";
            throw new NotAuthorizedException("User " + user + " may not " + verb(privilege) + " " + what
                    + ": the authorization rules grant no " + privilege + " on it ("
                    + AuthorizationOptions.RULES_FILE.key() + ")");
        }
    }

    private static String verb(Privilege privilege) {
        return switch (privilege) {
            case SELECT -> "read";
            case INSERT -> "write";
            case CREATE -> "create";
            case DROP -> "alter or drop";
            case OWNERSHIP -> "own";
        };
    }
}
