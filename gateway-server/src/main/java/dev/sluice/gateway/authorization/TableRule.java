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
        return matchesDatabase(userName, groups, catalogName, databaseName)
                && this.table.matcher(table).matches();
    }

    /** Whether the rule is about the user and about some tables of the database, whatever their names. */
    boolean matchesDatabase(String userName, Set<String> groups, String catalogName, String databaseName) {
        return user.matcher(userName).matches()
                && (group.pattern().equals(".*")
                        || groups.stream().anyMatch(g -> group.matcher(g).matches()))
                && catalog.matcher(catalogName).matches()
                && database.matcher(databaseName).matches();
    }

    /** Whether the rule's table pattern takes every name: a rule about the whole database. */
    boolean coversEveryTable() {
        return table.pattern().equals(".*");
    }
}
