package dev.sluice.gateway.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The rules of a rules file, in the style of Trino's file-based access control:
 *
 * <pre>{@code
 * admins: [root]
 * admin-groups: [ops]
 * groups:
 *   analysts: [alice, bob]
 * tables:
 *   - group: analysts
 *     catalog: lake
 *     database: sales
 *     privileges: [SELECT]
 *   - user: carol
 *     catalog: lake
 *     privileges: [OWNERSHIP]
 * }</pre>
 *
 * A rule's omitted patterns match anything. The first rule that matches a user and a table decides what they may do
 * with it; a table no rule matches grants nothing.
 */
record AccessRules(
        Set<String> admins, Set<String> adminGroups, Map<String, Set<String>> groupsByUser, List<TableRule> tables) {
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Set<String> KEYS = Set.of("admins", "admin-groups", "groups", "tables");
    private static final Set<String> RULE_KEYS = Set.of("user", "group", "catalog", "database", "table", "privileges");

    AccessRules {
        admins = Set.copyOf(admins);
        adminGroups = Set.copyOf(adminGroups);
        groupsByUser = Map.copyOf(groupsByUser);
        tables = List.copyOf(tables);
    }

    /** Grants everything: no rules file. Built once, as every statement asks for the rules. */
    static final AccessRules ALLOWING_EVERYTHING = new AccessRules(
            Set.of(),
            Set.of(),
            Map.of(),
            List.of(tableRule(".*", ".*", ".*", ".*", ".*", EnumSet.of(Privilege.OWNERSHIP))));

    Set<String> groupsOf(String user) {
        return groupsByUser.getOrDefault(user, Set.of());
    }

    boolean isAdmin(String user) {
        return !user.isEmpty()
                && (admins.contains(user) || groupsOf(user).stream().anyMatch(adminGroups::contains));
    }

    /** What the first rule that matches grants {@code user} on the table; nothing if none matches. */
    Set<Privilege> privileges(String user, String catalog, String database, String table) {
        Set<String> groups = groupsOf(user);
        for (TableRule rule : tables) {
            if (rule.matches(user, groups, catalog, database, table)) {
                return rule.privileges();
            }
        }
        return Set.of();
    }

    /**
     * Whether some table of the database may be granted to {@code user}, so that they see the database listed: the
     * first rule about the user and the database that grants anything says yes; one that covers every table of it
     * and grants nothing, before any such, says no, as does no rule at all.
     */
    boolean mayUseDatabase(String user, String catalog, String database) {
        Set<String> groups = groupsOf(user);
        for (TableRule rule : tables) {
            if (!rule.matchesDatabase(user, groups, catalog, database)) {
                continue;
            }
            if (!rule.privileges().isEmpty()) {
                return true;
            }
            if (rule.coversEveryTable()) {
                return false;
            }
        }
        return false;
    }

    /**
     * Parses a rules file's text.
     *
     * @throws IllegalArgumentException naming {@code source} and what is wrong where
     */
    static AccessRules parse(String text, String source) {
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(source + " is not YAML or JSON: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new IllegalArgumentException(source + " is empty; it needs at least 'tables'");
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException(source + " must be a map of " + KEYS);
        }
        unknownKeys(root, KEYS, source);
        Map<String, Set<String>> groupsByUser = new HashMap<>();
        JsonNode groups = root.path("groups");
        if (!groups.isMissingNode()) {
            if (!groups.isObject()) {
                throw new IllegalArgumentException(source + ": 'groups' must map each group to its users");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = groups.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> group = it.next();
                for (String user : names(group.getValue(), source + ": group '" + group.getKey() + "'")) {
                    groupsByUser.computeIfAbsent(user, key -> new HashSet<>()).add(group.getKey());
                }
            }
        }
        List<TableRule> rules = new ArrayList<>();
        JsonNode tables = root.path("tables");
        if (!tables.isArray()) {
            throw new IllegalArgumentException(source + ": 'tables' must be a list of rules");
        }
        for (int i = 0; i < tables.size(); i++) {
            rules.add(rule(tables.get(i), source + ": rule " + (i + 1) + " of 'tables'"));
        }
        return new AccessRules(
                new HashSet<>(names(root.path("admins"), source + ": 'admins'")),
                new HashSet<>(names(root.path("admin-groups"), source + ": 'admin-groups'")),
                groupsByUser,
                rules);
    }

    private static TableRule rule(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + " must be a map of " + RULE_KEYS);
        }
        unknownKeys(node, RULE_KEYS, where);
        EnumSet<Privilege> privileges = EnumSet.noneOf(Privilege.class);
        for (String name : names(node.path("privileges"), where + ", 'privileges'")) {
            try {
                privileges.add(Privilege.valueOf(name.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        where + ": unknown privilege '" + name + "'; known are " + List.of(Privilege.values()), e);
            }
        }
        return tableRule(
                pattern(node, "user", where),
                pattern(node, "group", where),
                pattern(node, "catalog", where),
                pattern(node, "database", where),
                pattern(node, "table", where),
                privileges);
    }

    private static TableRule tableRule(
            String user, String group, String catalog, String database, String table, Set<Privilege> privileges) {
        return new TableRule(
                Pattern.compile(user),
                Pattern.compile(group),
                Pattern.compile(catalog),
                Pattern.compile(database),
                Pattern.compile(table),
                privileges);
    }

    private static String pattern(JsonNode rule, String key, String where) {
        JsonNode value = rule.path(key);
        if (value.isMissingNode()) {
            return ".*";
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be a pattern (a string)");
        }
        try {
            Pattern.compile(value.asText());
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    where + ": '" + key + "' is not a valid pattern: " + e.getDescription(), e);
        }
        return value.asText();
    }

    private static List<String> names(JsonNode node, String where) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException(where + " must be a list");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isTextual() || element.asText().isBlank()) {
                throw new IllegalArgumentException(where + " must hold names, found " + element);
            }
            names.add(element.asText().strip());
        }
        return names;
    }

    private static void unknownKeys(JsonNode node, Set<String> known, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                throw new IllegalArgumentException(where + ": unknown key '" + key + "'; known are " + known);
            }
        }
    }
}
