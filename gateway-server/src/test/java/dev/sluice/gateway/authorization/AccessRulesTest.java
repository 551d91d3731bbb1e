package dev.sluice.gateway.authorization;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading a rules file and what its rules grant. */
final class AccessRulesTest {
    private static final AccessRules RULES = AccessRules.parse("""
            admins: [root]
            admin-groups: [ops]
            groups:
              ops: [olga]
              analysts: [alice]
            tables:
              - group: analysts
                catalog: lake
                table: orders
                privileges: [select]
              - user: alice
                catalog: lake
                privileges: [SELECT, INSERT]
              - catalog: lake
                database: public
                privileges: [SELECT]
            """, "rules");

    @Test
    void theFirstRuleThatMatchesDecides() {
        assertThat(RULES.privileges("alice", "lake", "sales", "orders")).containsExactly(Privilege.SELECT);
        assertThat(RULES.privileges("alice", "lake", "sales", "returns"))
                .containsExactlyInAnyOrder(Privilege.SELECT, Privilege.INSERT);
        assertThat(RULES.privileges("bob", "lake", "public", "anything")).containsExactly(Privilege.SELECT);
        assertThat(RULES.privileges("bob", "lake", "sales", "orders"))
                .as("no rule matches")
                .isEmpty();
        assertThat(Privilege.DROP.grantedBy(Set.of(Privilege.OWNERSHIP))).isTrue();
    }

    @Test
    void aDatabaseIsListedWhereSomeRuleMayGrantATable() {
        assertThat(RULES.mayUseDatabase("alice", "lake", "sales")).isTrue();
        assertThat(RULES.mayUseDatabase("bob", "lake", "public")).isTrue();
        assertThat(RULES.mayUseDatabase("bob", "lake", "sales"))
                .as("no rule about bob there")
                .isFalse();
        assertThat(RULES.mayUseDatabase("bob", "sea", "public"))
                .as("another catalog")
                .isFalse();

        AccessRules denyingFirst = AccessRules.parse("""
                tables:
                  - user: bob
                    database: hr
                    privileges: []
                  - catalog: lake
                    privileges: [SELECT]
                """, "rules");
        assertThat(denyingFirst.mayUseDatabase("bob", "lake", "hr"))
                .as("a rule about every table of hr granting nothing comes first")
                .isFalse();
        assertThat(denyingFirst.mayUseDatabase("bob", "lake", "sales")).isTrue();
    }

    @Test
    void adminsAreNamedOrInAnAdminGroup() {
        assertThat(RULES.isAdmin("root")).isTrue();
        assertThat(RULES.isAdmin("olga")).isTrue();
        assertThat(RULES.isAdmin("alice")).isFalse();
        assertThat(RULES.isAdmin("")).as("the anonymous user").isFalse();
    }

    @Test
    void aBrokenFileIsRefusedWithWhereAndWhat() {
        assertThatThrownBy(() -> AccessRules.parse("tables: [{catalog: '['}]", "f"))
                .hasMessageContaining("f: rule 1 of 'tables': 'catalog' is not a valid pattern");
        assertThatThrownBy(() -> AccessRules.parse("tables: [{privileges: [READ]}]", "f"))
                .hasMessageContaining("unknown privilege 'READ'");
        assertThatThrownBy(() -> AccessRules.parse("tables: [{schema: x}]", "f"))
                .hasMessageContaining("unknown key 'schema'");
        assertThatThrownBy(() -> AccessRules.parse("admins: root\ntables: []", "f"))
                .hasMessageContaining("'admins' must be a list");
        assertThatThrownBy(() -> AccessRules.parse("", "f")).hasMessageContaining("f is empty");
        assertThatThrownBy(() -> AccessRules.parse("groups: {}", "f")).hasMessageContaining("'tables' must be a list");
    }
}
