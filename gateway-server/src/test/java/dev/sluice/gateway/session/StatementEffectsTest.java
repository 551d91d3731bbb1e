package dev.sluice.gateway.session;

import dev.sluice.planner.StatementKind;
import dev.sluice.planner.StatementPlanner;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class StatementEffectsTest {
    @Test
    void writesAreDmlDdlAndTheUnclassified() {
        assertThat(StatementEffects.mayWrite(StatementKind.DML)).isTrue();
        assertThat(StatementEffects.mayWrite(StatementKind.DDL)).isTrue();
        assertThat(StatementEffects.mayWrite(StatementKind.OTHER)).isTrue();
        assertThat(StatementEffects.mayWrite(StatementKind.QUERY)).isFalse();
        assertThat(StatementEffects.mayWrite(StatementKind.USE)).isFalse();
    }

    @Test
    void usingModulesCreatesWhatNamesResolveToUsingACatalogDoesNot() {
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("use modules core")))
                .isTrue();
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("USE  Modules hive, core")))
                .isTrue();
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("use catalog lake")))
                .isFalse();
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("use modules_db")))
                .isFalse();
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("create temporary view v as select 1")))
                .isTrue();
        assertThat(StatementEffects.mayCreateObjects(StatementPlanner.analyze("select 1")))
                .isFalse();
    }
}
