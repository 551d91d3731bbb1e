package dev.sluice.jdbc.shell;

import sqlline.BuiltInProperty;
import sqlline.SqlLine;
import sqlline.SqlLineOpts;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Shows a streaming result in the view the setting names, by what it hands sqlline to print.
 *
 * <ul>
 *   <li>tail and changelog: the result itself, with sqlline's {@code incremental} option on until it is closed, so
 *       that sqlline prints each row as it arrives (column widths from the columns' types, at most 30) and keeps none;
 *       without it sqlline reads every row before it prints one, and an endless query prints nothing. The changelog
 *       view differs only in the result mode it asked the gateway for, which puts the {@code op} column first.
 *   <li>table: the final table of a {@link TableView}.
 * </ul>
 */
final class StreamingViews {
    // as Flink's SQL client's sql-client.display.max-column-width
    private static final int MAX_COLUMN_WIDTH = 30;

    private final ViewSetting setting;
    private final SqlLine sqlLine;
    private final TableView tableView;

    StreamingViews(ViewSetting setting, SqlLine sqlLine, TableView tableView) {
        this.setting = requireNonNull(setting, "setting is null");
        this.sqlLine = requireNonNull(sqlLine, "sqlLine is null");
        this.tableView = requireNonNull(tableView, "tableView is null");
    }

    /** What sqlline prints for {@code result}; {@code cancelled} says whether the user cancelled its statement. */
    ResultSet show(ResultSet result, BooleanSupplier cancelled) throws SQLException {
        ViewChoice choice = setting.current().choice();
        return switch (choice.view()) {
            case TAIL, CHANGELOG -> printedAsItArrives(result, cancelled);
            case TABLE -> tableView.fold(result, choice.maxRows(), cancelled);
        };
    }

    private ResultSet printedAsItArrives(ResultSet result, BooleanSupplier cancelled) throws SQLException {
        SqlLineOpts options = sqlLine.getOpts();
        boolean incremental = options.getIncremental();
        // sqlline reads the option when it starts printing, which is after this returns
        options.set(BuiltInProperty.INCREMENTAL, true);
        ResultSetMetaData columns = ShownColumns.capped(result.getMetaData(), MAX_COLUMN_WIDTH);
        return CancellableRows.of(result, columns, cancelled, endedByCancel -> {
            options.set(BuiltInProperty.INCREMENTAL, incremental);
            if (endedByCancel) {
                sqlLine.info("Cancelled: the rows above came before the cancel");
            }
        });
    }
}
