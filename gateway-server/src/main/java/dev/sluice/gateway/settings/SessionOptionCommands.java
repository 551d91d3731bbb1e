package dev.sluice.gateway.settings;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.planner.SessionOptionStatement;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ConfigurationUtils;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static java.util.Objects.requireNonNull;

/**
 * A session's options: runs {@code SET}, {@code RESET} and the listing that {@code SET} without arguments shows,
 * switches the runtime mode, and keeps the {@link QuerySettings} the options yield.
 *
 * <p>Not thread-safe: used under the session's execution lock.
 */
public final class SessionOptionCommands {
    private static final Logger LOG = LoggerFactory.getLogger(SessionOptionCommands.class);

    /** The columns of {@code SET} without arguments: every option of the session, sensitive values hidden. */
    static final ResolvedSchema OPTIONS_SCHEMA = ResolvedSchema.of(
            Column.physical("key", DataTypes.STRING().notNull()), Column.physical("value", DataTypes.STRING()));

    private final String sessionId;
    private final SessionEnvironment environment;
    // written under the session's execution lock; volatile for a constant query answered from the cache without it
    private volatile QuerySettings querySettings;

    public SessionOptionCommands(String sessionId, SessionEnvironment environment) {
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.environment = requireNonNull(environment, "environment is null");
        this.querySettings = QuerySettings.of(environment.defaults(), null);
    }

    /** The settings as last read from the options. */
    public QuerySettings querySettings() {
        return querySettings;
    }

    /** Reads the settings from the options again, keeping the pollers while the strategy is unchanged. */
    public QuerySettings refreshQuerySettings() {
        querySettings = QuerySettings.of(environment.options(), querySettings);
        return querySettings;
    }

    /**
     * Runs a {@code SET} or {@code RESET}.
     *
     * @throws InvalidOptionValueException if a value is not valid for its key, or the key is not settable
     * @throws UnsupportedOperationException if a runtime-mode switch would lose the session's objects
     */
    public StatementOutcome run(SessionOptionStatement statement) {
        Configuration options = environment.options();
        if (statement instanceof SessionOptionStatement.SetOption set) {
            if (set.key().equals(ExecutionOptions.RUNTIME_MODE.key())) {
                switchRuntimeMode(set.value());
            } else {
                SessionScopedOptions.checkSettable(set.key(), set.value());
                Configuration candidate = new Configuration(options);
                candidate.setString(set.key(), set.value());
                QuerySettings.of(candidate, querySettings); // refuses a bad strategy or timeout before it is set
                options.setString(set.key(), set.value());
            }
        } else if (statement instanceof SessionOptionStatement.ResetOption reset) {
            resetKey(options, reset.key());
        } else if (statement instanceof SessionOptionStatement.ResetAll) {
            for (String key : new ArrayList<>(options.keySet())) {
                resetKey(options, key);
            }
        } else {
            return new StatementOutcome.Rows(OPTIONS_SCHEMA, new ListResultCursor(optionRows(options)));
        }
        // read now, not at the next job: a query answered without a job reads the plan-cache switch too
        refreshQuerySettings();
        return new StatementOutcome.UpdateCount(0);
    }

    /**
     * Flink fixes the runtime mode when a TableEnvironment is created, so a switch builds a new one with the session's
     * options. Temporary tables, views, functions and catalogs live in the old one and cannot move; a switch that would
     * lose them is refused.
     */
    private void switchRuntimeMode(String value) {
        RuntimeExecutionMode mode;
        try {
            mode = RuntimeExecutionMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(ExecutionOptions.RUNTIME_MODE.key() + " must be one of "
                    + Arrays.toString(RuntimeExecutionMode.values()) + ", was '" + value + "'");
        }
        if (mode == environment.runtimeMode()) {
            return;
        }
        TableEnvironment current = environment.current();
        boolean hasSessionObjects = current.listTemporaryTables().length > 0
                || current.listTemporaryViews().length > 0
                || current.listUserDefinedFunctions().length > 0
                || current.listCatalogs().length > 1;
        if (hasSessionObjects) {
            throw new UnsupportedOperationException("Cannot change " + ExecutionOptions.RUNTIME_MODE.key()
                    + " after creating temporary tables, views, functions or catalogs in this connection: Flink fixes"
                    + " the mode when the session starts. SET it first, or connect with ;"
                    + ExecutionOptions.RUNTIME_MODE.key() + "=" + mode.name().toLowerCase(Locale.ROOT));
        }
        Configuration next = new Configuration(environment.defaults());
        next.addAll(environment.options());
        next.set(ExecutionOptions.RUNTIME_MODE, mode);
        environment.replace(next);
        LOG.debug("Session {} switched to {} mode", sessionId, mode);
    }

    private void resetKey(Configuration options, String key) {
        String gatewayDefault = environment.defaults().toMap().get(key);
        if (gatewayDefault == null) {
            options.removeKey(key);
        } else {
            options.setString(key, gatewayDefault);
        }
    }

    private static List<Row> optionRows(Configuration options) {
        Map<String, String> sorted = new TreeMap<>(ConfigurationUtils.hideSensitiveValues(options.toMap()));
        List<Row> rows = new ArrayList<>(sorted.size());
        sorted.forEach((key, value) -> rows.add(Row.of(key, value)));
        return rows;
    }
}
