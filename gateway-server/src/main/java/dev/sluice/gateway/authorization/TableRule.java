package dev.sluice.gateway.authorization;

import java.util.Set;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One rule of the rules file: whom it is about (a user pattern and a group pattern, both must match), which tables
 * (catalog, database and table patterns, matched whole and case-sensitively), and what it grants.
 */
record TableRule(
        Pattern user, Pattern group, Pattern catalog, Pattern database, Pattern table, Set<Privilege> privileges) {
    TableRule {
        requireNonNull(user, "user is null");
        requireNonNull(group, "group is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
        requireNonNull(table, "table is null");
        privileges = Set.copyOf(privileges);
    }

    /** @param table the table or view; empty for a rule about the database itself */
    boolean matches(String userName, Set<String> groups, String catalogName, String databaseName, String table) {
        return user.matcher(userName).matches()
                && (group.pattern().equals(".*")
                        || groups.stream().anyMatch(g -> group.matcher(g).matches()))
                && catalog.matcher(catalogName).matches()
                && database.matcher(databaseName).matches()
                && this.table.matcher(table).matches();
    }
}
