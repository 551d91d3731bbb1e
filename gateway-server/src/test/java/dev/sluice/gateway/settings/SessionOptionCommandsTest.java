package dev.sluice.gateway.settings;

import dev.sluice.gateway.config.ResultMode;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.session.TestSessions;
import dev.sluice.planner.SessionOptionStatement;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SET and RESET on a real TableEnvironment in batch mode; none of them needs a cluster. */
final class SessionOptionCommandsTest {
    private final SessionEnvironment environment =
            new SessionEnvironment(TestSessions.environmentFactory(), TestSessions.defaults());
    private final SessionOptionCommands options = new SessionOptionCommands("s1", environment);

    @Test
    void setChangesTheSessionsOptionAndResetReturnsToTheGatewayDefault() {
        assertThat(run("SET 'table.local-time-zone' = 'Asia/Tokyo'")).isEqualTo(new StatementOutcome.UpdateCount(0));
        assertThat(environment.localTimeZone()).hasToString("Asia/Tokyo");

        run("RESET 'table.local-time-zone'");

        assertThat(environment.localTimeZone()).hasToString("UTC");
    }

    @Test
    void resetOfAKeyWithoutGatewayDefaultRemovesIt() {
        run("SET 'pipeline.name' = 'dashboards'");
        run("RESET 'pipeline.name'");

        assertThat(environment.options().containsKey("pipeline.name")).isFalse();
    }

    @Test
    void resetAllReturnsEveryOptionToTheGatewayDefaults() {
        run("SET 'pipeline.name' = 'dashboards'");
        run("SET 'table.local-time-zone' = 'Asia/Tokyo'");

        run("RESET");

        assertThat(environment.options().containsKey("pipeline.name")).isFalse();
        assertThat(environment.localTimeZone()).hasToString("UTC");
    }

    @Test
    void setWithoutArgumentsListsTheOptionsSortedWithSecretsHidden() {
        run("SET 'my.password' = 'secret'");

        StatementOutcome.Rows listing = (StatementOutcome.Rows) run("SET");
        List<Row> rows = listing.cursor().next(Integer.MAX_VALUE);

        assertThat(listing.schema().getColumnNames()).containsExactly("key", "value");
        assertThat(rows)
                .containsExactly(
                        Row.of("execution.runtime-mode", "BATCH"),
                        Row.of("my.password", "******"),
                        Row.of("table.local-time-zone", "UTC"));
    }

    @Test
    void sluiceOptionsAreReadAtOnce() {
        run("SET 'sluice.query.timeout' = '5 s'");
        run("SET 'sluice.plan-cache.enabled' = 'false'");

        assertThat(options.querySettings().timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(options.querySettings().planCacheEnabled()).isFalse();
    }

    @Test
    void keepsTheWaitsWhileTheCollectStrategyIsUnchanged() {
        QuerySettings before = options.querySettings();

        run("SET 'sluice.query.timeout' = '5 s'");

        assertThat(options.querySettings().jobEndWait()).isSameAs(before.jobEndWait());
        assertThat(options.querySettings().resultPoller()).isSameAs(before.resultPoller());
    }

    @Test
    void refusesABadQueryTimeoutBeforeSettingIt() {
        assertThatThrownBy(() -> run("SET 'sluice.query.timeout' = 'ten seconds'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessageStartingWith(
                        "sluice.query.timeout must be a duration such as '30 s' or '0 ms' (no limit): ");

        assertThat(environment.options().containsKey("sluice.query.timeout")).isFalse();
        assertThat(options.querySettings().timeout()).isEqualTo(Duration.ofMinutes(10)); // the default, unchanged
    }

    @Test
    void setsTheResultModeAndRefusesABadOneBeforeSettingIt() {
        run("SET 'sluice.query.result-mode' = 'CHANGELOG'");
        assertThat(options.querySettings().resultMode()).isEqualTo(ResultMode.CHANGELOG);

        assertThatThrownBy(() -> run("SET 'sluice.query.result-mode' = 'tableau'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessageStartingWith("sluice.query.result-mode must be TABLE or CHANGELOG: ");
        assertThat(options.querySettings().resultMode()).isEqualTo(ResultMode.CHANGELOG); // unchanged
    }

    @Test
    void aSessionTurnsTheResultCacheOffForItself() {
        // on unless the session says otherwise: whether the gateway caches at all is the gateway's
        assertThat(options.querySettings().resultCacheEnabled()).isTrue();
        run("SET 'sluice.result-cache.enabled' = 'false'");
        assertThat(options.querySettings().resultCacheEnabled()).isFalse();
        assertThatThrownBy(() -> run("SET 'sluice.result-cache.enabled' = 'maybe'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessageStartingWith("sluice.result-cache.enabled must be true or false: ");
    }

    @Test
    void refusesSluiceOptionsThatAreTheGateways() {
        assertThatThrownBy(() -> run("SET 'sluice.session.max-sessions' = '3'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessage("sluice.session.max-sessions cannot be set per connection: the Sluice options a"
                        + " connection may set are sluice.plan-cache.enabled, sluice.result-cache.enabled, sluice.query.timeout and"
                        + " sluice.query.result-mode; the others are"
                        + " the gateway's, in sluice.yaml");
    }

    @Test
    void aSessionCannotRaiseItsPlanningBound() {
        // the bound protects the gateway from its users' statements: the gateway's alone, not even to lower it
        assertThatThrownBy(() -> run("SET 'sluice.query.max-planning-time' = '1 h'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessageStartingWith("sluice.query.max-planning-time cannot be set per connection");
        assertThatThrownBy(() -> SessionScopedOptions.checkSettable("sluice.query.max-planning-time", "1 s"))
                .as("nor as a property of the connection")
                .isInstanceOf(InvalidOptionValueException.class);
    }

    @Test
    void switchingTheRuntimeModeCreatesANewEnvironmentWithTheSessionsOptions() {
        TableEnvironment before = environment.current();
        run("SET 'pipeline.name' = 'dashboards'");

        run("SET 'execution.runtime-mode' = 'streaming'");

        assertThat(environment.current()).isNotSameAs(before);
        assertThat(environment.runtimeMode()).isEqualTo(RuntimeExecutionMode.STREAMING);
        assertThat(environment.options().toMap()).containsEntry("pipeline.name", "dashboards");
    }

    @Test
    void switchingToTheCurrentModeKeepsTheEnvironment() {
        TableEnvironment before = environment.current();

        run("SET 'execution.runtime-mode' = 'Batch'");

        assertThat(environment.current()).isSameAs(before);
    }

    @Test
    void refusesASwitchThatWouldLoseTemporaryObjects() {
        environment.onCurrentThread().executeSql("CREATE TEMPORARY VIEW v AS SELECT 1");

        assertThatThrownBy(() -> run("SET 'execution.runtime-mode' = 'streaming'"))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("Cannot change execution.runtime-mode after creating temporary tables, views, functions"
                        + " or catalogs in this connection: Flink fixes the mode when the session starts. SET it first,"
                        + " or connect with ;execution.runtime-mode=streaming");
        assertThat(environment.runtimeMode()).isEqualTo(RuntimeExecutionMode.BATCH);
    }

    @Test
    void refusesAnUnknownRuntimeMode() {
        assertThatThrownBy(() -> run("SET 'execution.runtime-mode' = 'fast'"))
                .isInstanceOf(InvalidOptionValueException.class)
                .hasMessage("execution.runtime-mode must be one of [STREAMING, BATCH, AUTOMATIC], was 'fast'");
    }

    private StatementOutcome run(String sql) {
        return options.run(SessionOptionStatement.parse(sql));
    }
}
