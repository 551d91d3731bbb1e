package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.planner.catalog.MetadataCache;
import dev.sluice.planner.flink.SqlVocabulary;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.remote.ProtobufMeta;
import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The half of Avatica's {@link Meta} that answers {@code DatabaseMetaData}: the database's properties and the
 * catalog calls, from the session's catalogs. Each answer is a result set on a new statement of the session, as
 * Avatica's client expects. {@link SluiceMeta} adds connections, statements and execution, as Avatica's own
 * {@code MetaImpl} leaves execution to its subclasses.
 */
abstract class DatabaseMetadataMeta implements ProtobufMeta {
    final DatabaseMetadata metadata = new DatabaseMetadata(new MetadataCache());
    private final Map<DatabaseProperty, Object> databaseProperties;
    // the same for every session (the planner's lists); read once, from the first session that asks
    private volatile @Nullable Map<DatabaseProperty, Object> withVocabulary;

    DatabaseMetadataMeta(String gatewayVersion, String flinkVersion) {
        Map<DatabaseProperty, Object> properties = new EnumMap<>(DatabaseProperty.class);
        properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_NAME, "Sluice on Apache Flink");
        properties.put(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION, gatewayVersion + " (Flink " + flinkVersion + ")");
        properties.put(DatabaseProperty.GET_DEFAULT_TRANSACTION_ISOLATION, java.sql.Connection.TRANSACTION_NONE);
        this.databaseProperties = Collections.unmodifiableMap(properties);
    }

    /**
     * The open session of connection {@code connectionId}.
     *
     * @throws dev.sluice.gateway.session.NoSuchSessionException if there is none
     */
    abstract GatewaySession session(String connectionId);

    /**
     * The product, and Flink SQL's keywords and JDBC escape functions ({@code getSQLKeywords},
     * {@code getNumericFunctions}, ...), read from Flink's planner ({@link SqlVocabulary}).
     */
    @Override
    public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
        Map<DatabaseProperty, Object> properties = withVocabulary;
        if (properties == null) {
            SqlVocabulary vocabulary = session(ch.id).withTableEnvironment(SqlVocabulary::of);
            Map<DatabaseProperty, Object> all = new EnumMap<>(databaseProperties);
            all.put(DatabaseProperty.GET_S_Q_L_KEYWORDS, vocabulary.keywords());
            all.put(DatabaseProperty.GET_NUMERIC_FUNCTIONS, vocabulary.numericFunctions());
            all.put(DatabaseProperty.GET_STRING_FUNCTIONS, vocabulary.stringFunctions());
            all.put(DatabaseProperty.GET_TIME_DATE_FUNCTIONS, vocabulary.timeDateFunctions());
            all.put(DatabaseProperty.GET_SYSTEM_FUNCTIONS, vocabulary.systemFunctions());
            properties = Collections.unmodifiableMap(all);
            withVocabulary = properties;
        }
        return properties;
    }

    // Flink has no procedures, privileges, foreign keys, indexes or user-defined types: those calls answer empty
    private MetaResultSet emptyMetadata(ConnectionHandle ch, Class<?> rowClass) {
        return metadataResult(ch, rowClass, List.of());
    }

    private MetaResultSet metadataResult(ConnectionHandle ch, Class<?> rowClass, List<?> rows) {
        GatewayStatement statement = session(ch.id).createStatement();
        return MetaResultSets.of(ch.id, statement.id(), rowClass, rows);
    }

    @Override
    public MetaResultSet getTables(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, List<String> typeList) {
        return metadataResult(
                ch,
                MetaImpl.MetaTable.class,
                metadata.tables(session(ch.id), catalog, schemaPattern.s, tableNamePattern.s, typeList));
    }

    @Override
    public MetaResultSet getColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern) {
        return metadataResult(
                ch,
                MetaImpl.MetaColumn.class,
                metadata.columns(session(ch.id), catalog, schemaPattern.s, tableNamePattern.s, columnNamePattern.s));
    }

    @Override
    public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
        return metadataResult(
                ch, MetaImpl.MetaSchema.class, metadata.schemas(session(ch.id), catalog, schemaPattern.s));
    }

    @Override
    public MetaResultSet getCatalogs(ConnectionHandle ch) {
        return metadataResult(ch, MetaImpl.MetaCatalog.class, metadata.catalogs(session(ch.id)));
    }

    @Override
    public MetaResultSet getTableTypes(ConnectionHandle ch) {
        return metadataResult(ch, MetaImpl.MetaTableType.class, DatabaseMetadata.tableTypes());
    }

    @Override
    public MetaResultSet getProcedures(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaProcedure.class);
    }

    @Override
    public MetaResultSet getProcedureColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat procedureNamePattern, Pat columnNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaProcedureColumn.class);
    }

    @Override
    public MetaResultSet getColumnPrivileges(
            ConnectionHandle ch, String catalog, String schema, String table, Pat columnNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaColumnPrivilege.class);
    }

    @Override
    public MetaResultSet getTablePrivileges(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaTablePrivilege.class);
    }

    @Override
    public MetaResultSet getBestRowIdentifier(
            ConnectionHandle ch, String catalog, String schema, String table, int scope, boolean nullable) {
        return emptyMetadata(ch, MetaImpl.MetaBestRowIdentifier.class);
    }

    @Override
    public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema, String table) {
        return emptyMetadata(ch, MetaImpl.MetaVersionColumn.class);
    }

    /**
     * Part of {@link Meta}, but no client reaches it over the wire: Avatica's protocol has no request for primary keys.
     * Sluice's driver sends {@code SHOW PRIMARY KEYS} instead, answered from the same metadata by
     * {@link ShowPrimaryKeysExecutor}.
     */
    @Override
    public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        if (table == null) {
            throw new InvalidParameterException("getPrimaryKeys needs a table name, was null");
        }
        return metadataResult(ch, PrimaryKeyRow.class, metadata.primaryKeys(session(ch.id), catalog, schema, table));
    }

    @Override
    public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return emptyMetadata(ch, MetaImpl.MetaImportedKey.class);
    }

    @Override
    public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema, String table) {
        return emptyMetadata(ch, MetaImpl.MetaExportedKey.class);
    }

    @Override
    public MetaResultSet getCrossReference(
            ConnectionHandle ch,
            String parentCatalog,
            String parentSchema,
            String parentTable,
            String foreignCatalog,
            String foreignSchema,
            String foreignTable) {
        return emptyMetadata(ch, MetaImpl.MetaCrossReference.class);
    }

    @Override
    public MetaResultSet getTypeInfo(ConnectionHandle ch) {
        return metadataResult(ch, MetaImpl.MetaTypeInfo.class, TypeInfoRows.rows());
    }

    @Override
    public MetaResultSet getIndexInfo(
            ConnectionHandle ch, String catalog, String schema, String table, boolean unique, boolean approximate) {
        return emptyMetadata(ch, MetaImpl.MetaIndexInfo.class);
    }

    @Override
    public MetaResultSet getUDTs(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, int[] types) {
        return emptyMetadata(ch, MetaImpl.MetaUdt.class);
    }

    @Override
    public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaSuperType.class);
    }

    @Override
    public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaSuperTable.class);
    }

    @Override
    public MetaResultSet getAttributes(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat typeNamePattern, Pat attributeNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaAttribute.class);
    }

    @Override
    public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
        return emptyMetadata(ch, MetaImpl.MetaClientInfoProperty.class);
    }

    @Override
    public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaFunction.class);
    }

    @Override
    public MetaResultSet getFunctionColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat functionNamePattern, Pat columnNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaFunctionColumn.class);
    }

    @Override
    public MetaResultSet getPseudoColumns(
            ConnectionHandle ch, String catalog, Pat schemaPattern, Pat tableNamePattern, Pat columnNamePattern) {
        return emptyMetadata(ch, MetaImpl.MetaPseudoColumn.class);
    }
}
