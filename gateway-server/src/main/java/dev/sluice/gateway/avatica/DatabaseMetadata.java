package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.planner.MetadataPattern;
import dev.sluice.planner.catalog.CatalogSession;
import dev.sluice.planner.catalog.MetadataCache;
import dev.sluice.planner.catalog.SessionCatalog;
import dev.sluice.planner.catalog.TableEntry;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import static java.util.Objects.requireNonNull;

/**
 * Answers {@code DatabaseMetaData} calls from a session's Flink catalogs, in the gateway and without a job; answers
 * are cached per session until a statement changes its catalogs.
 */
final class DatabaseMetadata {
    private final MetadataCache cache;

    DatabaseMetadata(MetadataCache cache) {
        this.cache = requireNonNull(cache, "cache is null");
    }

    /** The session as the planner's metadata cache sees it. */
    private static CatalogSession catalogSession(GatewaySession session) {
        return new CatalogSession(session, session::stateVersion, session::withTableEnvironment);
    }

    List<MetaImpl.MetaCatalog> catalogs(GatewaySession session) {
        return cache.answer(
                catalogSession(session),
                question("catalogs"),
                catalog -> catalog.catalogs().stream()
                        .map(MetaImpl.MetaCatalog::new)
                        .toList());
    }

    List<MetaImpl.MetaSchema> schemas(GatewaySession session, @Nullable String catalog, @Nullable String pattern) {
        return cache
                .answer(
                        catalogSession(session),
                        question("schemas", catalog, pattern),
                        sessionCatalog -> sessionCatalog.databases(catalog, MetadataPattern.compile(pattern)).stream()
                                .map(database -> new MetaImpl.MetaSchema(database.get(0), database.get(1)))
                                .toList())
                .stream()
                .filter(schema -> session.dataAccess().mayListDatabase(schema.tableCatalog, schema.tableSchem))
                .toList();
    }

    List<MetaImpl.MetaTable> tables(
            GatewaySession session,
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tablePattern,
            @Nullable List<String> types) {
        Set<String> wanted = types == null ? null : upperCase(types);
        return cache.answer(
                catalogSession(session),
                question("tables", catalog, schemaPattern, tablePattern, wanted),
                sessionCatalog -> tableEntries(session, sessionCatalog, catalog, schemaPattern, tablePattern).stream()
                        .filter(table ->
                                wanted == null || wanted.contains(table.type().jdbcName()))
                        .map(table -> new MetaImpl.MetaTable(
                                table.catalog(),
                                table.database(),
                                table.name(),
                                table.type().jdbcName()))
                        .toList());
    }

    List<MetaImpl.MetaColumn> columns(
            GatewaySession session,
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tablePattern,
            @Nullable String columnPattern) {
        MetadataPattern columnNames = MetadataPattern.compile(columnPattern);
        return cache.answer(
                catalogSession(session),
                question("columns", catalog, schemaPattern, tablePattern, columnPattern),
                sessionCatalog -> {
                    List<MetaImpl.MetaColumn> rows = new ArrayList<>();
                    // JDBC orders columns by catalog, schema, table and position, not by table type
                    List<TableEntry> tables = new ArrayList<>(
                            tableEntries(session, sessionCatalog, catalog, schemaPattern, tablePattern));
                    tables.sort(java.util.Comparator.comparing(TableEntry::catalog)
                            .thenComparing(TableEntry::database)
                            .thenComparing(TableEntry::name));
                    for (TableEntry table : tables) {
                        ResolvedSchema schema = sessionCatalog.schema(table).orElse(null);
                        if (schema == null) {
                            continue;
                        }
                        List<Column> columns = schema.getColumns();
                        for (int i = 0; i < columns.size(); i++) {
                            Column column = columns.get(i);
                            if (columnNames.matches(column.getName())) {
                                rows.add(CatalogColumns.row(
                                        table.catalog(),
                                        table.database(),
                                        table.name(),
                                        column.getName(),
                                        column.getDataType().getLogicalType(),
                                        i + 1,
                                        column instanceof Column.ComputedColumn));
                            }
                        }
                    }
                    return rows;
                });
    }

    /** JDBC passes names here, not patterns; a null catalog or schema does not narrow the search. */
    List<PrimaryKeyRow> primaryKeys(
            GatewaySession session, @Nullable String catalog, @Nullable String schema, String table) {
        return cache.answer(
                catalogSession(session),
                question("primaryKeys", catalog, schema, table),
                sessionCatalog -> sessionCatalog.primaryKeys(catalog, schema, table).stream()
                        .map(PrimaryKeyRow::of)
                        .toList());
    }

    static List<MetaImpl.MetaTableType> tableTypes() {
        return Arrays.stream(TableEntry.TableType.values())
                .map(type -> new MetaImpl.MetaTableType(type.jdbcName()))
                .toList();
    }

    static Meta.MetaResultSet resultSet(String connectionId, int statementId, Class<?> rowClass, List<?> rows) {
        return MetaResultSets.of(connectionId, statementId, rowClass, rows);
    }

    /** The tables that match, of those the session's user may read: metadata lists nothing else. */
    private static List<TableEntry> tableEntries(
            GatewaySession session,
            SessionCatalog catalog,
            @Nullable String catalogName,
            @Nullable String schemaPattern,
            @Nullable String tablePattern) {
        return catalog
                .tables(catalogName, MetadataPattern.compile(schemaPattern), MetadataPattern.compile(tablePattern))
                .stream()
                .filter(table -> session.dataAccess().mayRead(table.catalog(), table.database(), table.name()))
                .toList();
    }

    private static Set<String> upperCase(List<String> types) {
        Set<String> upper = new TreeSet<>();
        types.forEach(type -> upper.add(type.toUpperCase(Locale.ROOT)));
        return upper;
    }

    private static List<Object> question(String call, @Nullable Object... arguments) {
        List<Object> question = new ArrayList<>();
        question.add(call);
        question.addAll(Arrays.asList(arguments));
        return question;
    }
}
