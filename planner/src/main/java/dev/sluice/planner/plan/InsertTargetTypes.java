package dev.sluice.planner.plan;

import dev.sluice.planner.SqlToken;
import dev.sluice.planner.flink.TableEnvironmentInternals;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parameter types of {@code INSERT INTO t [(columns)] VALUES (?, ...), ...}: Flink's validator types a
 * {@code VALUES} row without looking at the target, so it rejects bare markers there ("Illegal use of dynamic
 * parameter"); the target table's columns say what each one must be.
 */
final class InsertTargetTypes {
    private InsertTargetTypes() {}

    /**
     * One type per marker, or empty if the statement is not of that shape.
     *
     * @throws ValidationException if the statement's target table or a named column does not exist
     */
    static Optional<List<LogicalType>> find(TableEnvironment environment, List<SqlToken> tokens) {
        int i = 0;
        if (tokens.size() < 4 || !tokens.get(i++).isWord("INSERT")) {
            return Optional.empty();
        }
        if (!tokens.get(i).isWord("INTO") && !tokens.get(i).isWord("OVERWRITE")) {
            return Optional.empty();
        }
        i++;
        StringBuilder name = new StringBuilder();
        while (i < tokens.size() && isNamePart(tokens.get(i))) {
            name.append(tokens.get(i++).text());
        }
        List<String> targetColumns = new ArrayList<>();
        if (i < tokens.size() && tokens.get(i).text().equals("(")) {
            i++;
            while (i < tokens.size() && !tokens.get(i).text().equals(")")) {
                SqlToken token = tokens.get(i++);
                if (token.kind() == SqlToken.Kind.WORD) {
                    targetColumns.add(token.text());
                } else if (token.kind() == SqlToken.Kind.QUOTED_IDENTIFIER) {
                    String text = token.text();
                    targetColumns.add(text.substring(1, text.length() - 1).replace("``", "`"));
                } else if (!token.text().equals(",")) {
                    return Optional.empty();
                }
            }
            i++;
        }
        if (i >= tokens.size() || !tokens.get(i++).isWord("VALUES")) {
            return Optional.empty();
        }
        List<LogicalType> columnTypes = columnTypes(environment, name.toString(), targetColumns);
        return markerTypes(tokens.subList(i, tokens.size()), columnTypes);
    }

    /** Rows of bare markers: "(?, ?), (?, ?)". */
    private static Optional<List<LogicalType>> markerTypes(List<SqlToken> rows, List<LogicalType> columnTypes) {
        List<LogicalType> types = new ArrayList<>();
        int column = 0;
        boolean inRow = false;
        for (SqlToken token : rows) {
            String text = token.text();
            if (!inRow && text.equals("(")) {
                inRow = true;
                column = 0;
            } else if (inRow && text.equals(")")) {
                inRow = false;
            } else if (inRow && token.kind() == SqlToken.Kind.PARAMETER && column < columnTypes.size()) {
                types.add(columnTypes.get(column));
            } else if (inRow && text.equals(",")) {
                column++;
            } else if (inRow || !(text.equals(",") || text.equals(";"))) {
                return Optional.empty();
            }
        }
        return Optional.of(types);
    }

    /**
     * The types of the target's columns that the statement writes.
     *
     * @throws ValidationException if the target table or one of the named columns does not exist: the statement
     *     cannot run, so preparing it fails now rather than at its first execution
     */
    private static List<LogicalType> columnTypes(
            TableEnvironment environment, String tableName, List<String> targetColumns) {
        ObjectIdentifier target = TableEnvironmentInternals.qualifiedTableName(environment, tableName);
        Optional<ResolvedSchema> schema = TableEnvironmentInternals.catalogManager(environment)
                .getTable(target)
                .map(ContextResolvedTable::getResolvedSchema);
        if (schema.isEmpty()) {
            throw new ValidationException("Table '" + target.asSummaryString() + "' of the INSERT does not exist");
        }
        List<Column> writable =
                schema.get().getColumns().stream().filter(Column::isPersisted).toList();
        if (targetColumns.isEmpty()) {
            return writable.stream().map(c -> c.getDataType().getLogicalType()).toList();
        }
        List<LogicalType> types = new ArrayList<>();
        for (String name : targetColumns) {
            Optional<Column> column =
                    writable.stream().filter(c -> c.getName().equals(name)).findFirst();
            if (column.isEmpty()) {
                throw new ValidationException("Table '" + target.asSummaryString() + "' of the INSERT has no column '"
                        + name + "' that can be written");
            }
            types.add(column.get().getDataType().getLogicalType());
        }
        return types;
    }

    private static boolean isNamePart(SqlToken token) {
        return token.kind() == SqlToken.Kind.QUOTED_IDENTIFIER
                || (token.kind() == SqlToken.Kind.WORD && !token.isWord("VALUES"))
                || token.text().equals(".");
    }
}
