package dev.sluice.planner.access;

import dev.sluice.planner.access.DataAccess.Change;
import dev.sluice.planner.access.DataAccess.ChangeKind;
import dev.sluice.planner.access.DataAccess.DeclaredCatalog;
import dev.sluice.planner.access.DataAccess.DeclaredTable;
import dev.sluice.planner.access.DataAccess.Mode;
import dev.sluice.planner.access.DataAccess.PlanFile;
import dev.sluice.planner.access.DataAccess.TableUse;
import dev.sluice.planner.flink.LogicalPlans;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.operations.CompileAndExecutePlanOperation;
import org.apache.flink.table.operations.CreateTableASOperation;
import org.apache.flink.table.operations.DescribeTableOperation;
import org.apache.flink.table.operations.ExplainOperation;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.ReplaceTableAsOperation;
import org.apache.flink.table.operations.ShowColumnsOperation;
import org.apache.flink.table.operations.ShowCreateTableOperation;
import org.apache.flink.table.operations.ShowCreateViewOperation;
import org.apache.flink.table.operations.SinkModifyOperation;
import org.apache.flink.table.operations.SourceQueryOperation;
import org.apache.flink.table.operations.StatementSetOperation;
import org.apache.flink.table.operations.TruncateTableOperation;
import org.apache.flink.table.operations.command.ExecutePlanOperation;
import org.apache.flink.table.operations.ddl.AlterCatalogOptionsOperation;
import org.apache.flink.table.operations.ddl.AlterDatabaseOperation;
import org.apache.flink.table.operations.ddl.AlterTableChangeOperation;
import org.apache.flink.table.operations.ddl.AlterTableOperation;
import org.apache.flink.table.operations.ddl.AlterViewOperation;
import org.apache.flink.table.operations.ddl.AnalyzeTableOperation;
import org.apache.flink.table.operations.ddl.CompilePlanOperation;
import org.apache.flink.table.operations.ddl.CreateCatalogOperation;
import org.apache.flink.table.operations.ddl.CreateDatabaseOperation;
import org.apache.flink.table.operations.ddl.CreateTableOperation;
import org.apache.flink.table.operations.ddl.CreateViewOperation;
import org.apache.flink.table.operations.ddl.DropDatabaseOperation;
import org.apache.flink.table.operations.ddl.DropTableOperation;
import org.apache.flink.table.operations.ddl.DropViewOperation;
import org.apache.flink.table.operations.materializedtable.CreateMaterializedTableOperation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a parsed statement would touch: the tables and catalogs it declares with their options, the tables it reads
 * (found in its logical plan, views expanded, sub-queries included) and writes, with the options the job would use,
 * and the plan files it reads or writes. Nothing here runs the statement.
 */
public final class StatementAccesses {
    private final CatalogManager catalogs;
    private final LogicalPlans plans;
    private final List<DataAccess> accesses = new ArrayList<>();

    private StatementAccesses(TableEnvironment environment) {
        this.catalogs = TableEnvironmentInternals.catalogManager(environment);
        this.plans = LogicalPlans.of(environment);
    }

    /**
     * What {@code operation}, parsed on {@code environment}, would touch. Must run on the session's planning thread
     * state.
     *
     * @throws IllegalStateException if the plan reads something that is not a catalog table, which no policy can judge
     */
    public static List<DataAccess> of(TableEnvironment environment, Operation operation) {
        StatementAccesses found = new StatementAccesses(environment);
        found.operation(operation);
        return List.copyOf(found.accesses);
    }

    private void operation(Operation operation) {
        if (operation instanceof CreateTableOperation create) {
            declared(create);
        } else if (operation instanceof CreateTableASOperation create) {
            declared(create.getCreateTableOperation());
            createdAndWritten(create.getCreateTableOperation());
            query(create.getChild());
        } else if (operation instanceof ReplaceTableAsOperation replace) {
            declared(replace.getCreateTableOperation());
            changed(replace.getCreateTableOperation().getTableIdentifier(), ChangeKind.DROP, false);
            createdAndWritten(replace.getCreateTableOperation());
            query(replace.getChild());
        } else if (operation instanceof CreateMaterializedTableOperation create) {
            accesses.add(new DeclaredTable(
                    create.getTableIdentifier(),
                    create.getCatalogMaterializedTable().getOptions()));
            changed(create.getTableIdentifier(), ChangeKind.CREATE, false);
        } else if (operation instanceof AlterTableOperation alter) {
            if (alter instanceof AlterTableChangeOperation change) {
                accesses.add(new DeclaredTable(
                        change.getTableIdentifier(),
                        changedOptions(
                                change.getTableIdentifier(),
                                change.getNewTable().getOptions())));
            }
            changed(alter.getTableIdentifier(), ChangeKind.ALTER, false);
        } else if (operation instanceof DropTableOperation drop) {
            changed(drop.getTableIdentifier(), ChangeKind.DROP, drop.isTemporary());
        } else if (operation instanceof CreateViewOperation create) {
            changed(create.getViewIdentifier(), ChangeKind.CREATE, create.isTemporary());
        } else if (operation instanceof AlterViewOperation alter) {
            changed(alter.getViewIdentifier(), ChangeKind.ALTER, false);
        } else if (operation instanceof DropViewOperation drop) {
            changed(drop.getViewIdentifier(), ChangeKind.DROP, drop.isTemporary());
        } else if (operation instanceof CreateDatabaseOperation create) {
            accesses.add(new Change(create.getCatalogName(), create.getDatabaseName(), null, ChangeKind.CREATE));
        } else if (operation instanceof AlterDatabaseOperation alter) {
            accesses.add(new Change(alter.getCatalogName(), alter.getDatabaseName(), null, ChangeKind.ALTER));
        } else if (operation instanceof DropDatabaseOperation drop) {
            accesses.add(new Change(drop.getCatalogName(), drop.getDatabaseName(), null, ChangeKind.DROP));
        } else if (operation instanceof CreateCatalogOperation create) {
            accesses.add(new DeclaredCatalog(create.getCatalogName(), create.getProperties()));
        } else if (operation instanceof AlterCatalogOptionsOperation alter) {
            accesses.add(new DeclaredCatalog(alter.getCatalogName(), alter.getProperties()));
        } else if (operation instanceof SinkModifyOperation sink) {
            written(sink);
            query(sink.getChild());
        } else if (operation instanceof ModifyOperation modify) {
            query(modify.getChild());
        } else if (operation instanceof StatementSetOperation set) {
            set.getOperations().forEach(this::operation);
        } else if (operation instanceof ExplainOperation explain) {
            operation(explain.getChild());
        } else if (operation instanceof CompilePlanOperation compile) {
            accesses.add(new PlanFile(compile.getFilePath(), Mode.WRITE));
            operation(compile.getOperation());
        } else if (operation instanceof CompileAndExecutePlanOperation compile) {
            accesses.add(new PlanFile(compile.getFilePath(), Mode.WRITE));
            operation(compile.getOperation());
        } else if (operation instanceof ExecutePlanOperation execute) {
            accesses.add(new PlanFile(execute.getFilePath(), Mode.READ));
        } else if (operation instanceof AnalyzeTableOperation analyze) {
            stored(analyze.getTableIdentifier(), Mode.READ);
        } else if (operation instanceof TruncateTableOperation truncate) {
            stored(truncate.getTableIdentifier(), Mode.WRITE);
            changed(truncate.getTableIdentifier(), ChangeKind.DROP, false);
        } else if (operation instanceof QueryOperation query) {
            query(query);
        } else if (operation instanceof DescribeTableOperation describe) {
            // a table's columns and options are as much its content as its rows are to whoever may not read it
            stored(describe.getSqlIdentifier(), Mode.READ);
        } else if (operation instanceof ShowColumnsOperation columns) {
            stored(columns.getTableIdentifier(), Mode.READ);
        } else if (operation instanceof ShowCreateTableOperation create) {
            stored(create.getTableIdentifier(), Mode.READ);
        } else if (operation instanceof ShowCreateViewOperation create) {
            stored(create.getViewIdentifier(), Mode.READ);
        }
        // anything else (SHOW of names, USE, SET, functions) touches no data; user code has its own policy
    }

    private void declared(CreateTableOperation create) {
        accesses.add(new DeclaredTable(
                create.getTableIdentifier(), create.getCatalogTable().getOptions()));
        changed(create.getTableIdentifier(), ChangeKind.CREATE, create.isTemporary());
    }

    /**
     * The options an {@code ALTER TABLE} sets: those that differ from the stored table's. The others were judged when
     * the table was declared, or were put there by its catalog (a Paimon table's {@code path} in its warehouse), which
     * a statement that adds a column does not declare.
     */
    private Map<String, String> changedOptions(ObjectIdentifier table, Map<String, String> newOptions) {
        return differing(newOptions, storedOptions(table));
    }

    /** The options of the table the catalog holds under {@code table}; none if it holds none. */
    private Map<String, String> storedOptions(ObjectIdentifier table) {
        return catalogs.getTable(table)
                .map(found -> found.getResolvedTable().getOptions())
                .orElse(Map.of());
    }

    /** The entries of {@code options} whose value {@code stored} lacks or holds otherwise. */
    private static Map<String, String> differing(Map<String, String> options, Map<String, String> stored) {
        Map<String, String> differing = new HashMap<>();
        options.forEach((key, value) -> {
            if (!Objects.equals(stored.get(key), value)) {
                differing.put(key, value);
            }
        });
        return differing;
    }

    private void changed(ObjectIdentifier object, ChangeKind kind, boolean temporary) {
        if (!temporary) {
            accesses.add(Change.of(object, kind));
        }
    }

    private void createdAndWritten(CreateTableOperation create) {
        Map<String, String> options = create.getCatalogTable().getOptions();
        accesses.add(new TableUse(create.getTableIdentifier(), Mode.WRITE, options, Map.of(), create.isTemporary()));
    }

    private void written(SinkModifyOperation sink) {
        Map<String, String> options =
                new HashMap<>(sink.getContextResolvedTable().getResolvedTable().getOptions());
        options.putAll(sink.getDynamicOptions());
        accesses.add(new TableUse(
                sink.getContextResolvedTable().getIdentifier(),
                Mode.WRITE,
                options,
                sink.getDynamicOptions(),
                sink.getContextResolvedTable().isTemporary()));
    }

    /** A table named by a statement that does not plan a query over it (ANALYZE, TRUNCATE, DESCRIBE, SHOW CREATE). */
    private void stored(ObjectIdentifier identifier, Mode mode) {
        catalogs.getTable(identifier)
                .ifPresent(table -> accesses.add(new TableUse(
                        identifier, mode, table.getResolvedTable().getOptions(), Map.of(), table.isTemporary())));
    }

    private void query(QueryOperation query) {
        Object root;
        try {
            root = plans.root(query);
        } catch (IllegalStateException notCalcite) {
            // a query of Flink's Table API: its sources are operations of their own
            if (query instanceof SourceQueryOperation source) {
                read(source.getContextResolvedTable());
            }
            query.getChildren().forEach(this::query);
            return;
        }
        plans.walk(root, new LogicalPlans.Visitor() {
            @Override
            public void relation(Object rel) {
                plans.scannedTable(rel).ifPresent(StatementAccesses.this::read);
            }
        });
    }

    /**
     * A scanned table: its options are the stored table's with the statement's hints over them, so the hints are the
     * options that differ from the stored ones (all of them for a table that is not stored).
     */
    private void read(ContextResolvedTable table) {
        Map<String, String> options = table.getResolvedTable().getOptions();
        Map<String, String> stored = table.isAnonymous() ? Map.of() : storedOptions(table.getIdentifier());
        Map<String, String> hinted = differing(options, stored);
        accesses.add(new TableUse(table.getIdentifier(), Mode.READ, options, hinted, table.isTemporary()));
    }
}
