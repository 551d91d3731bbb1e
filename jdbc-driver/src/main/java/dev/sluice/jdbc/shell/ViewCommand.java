package dev.sluice.jdbc.shell;

import sqlline.AbstractCommandHandler;
import sqlline.DispatchCallback;
import sqlline.SqlLine;

import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * {@code !view [tail | changelog | table [max-rows]]}: picks how the shell shows the results of queries in streaming
 * mode, or says which it shows now. A sqlline command rather than a {@code SET}, because it is the shell's setting, not
 * the session's: {@code SET} goes to the gateway.
 */
final class ViewCommand extends AbstractCommandHandler {
    private final ViewSetting setting;

    ViewCommand(SqlLine sqlLine, ViewSetting setting) {
        super(
                sqlLine,
                new String[] {"view"},
                "Show streaming results as: tail (rows as they arrive), changelog (each change with its op), or"
                        + " table [max-rows] (a table updated in place)",
                List.of());
        this.setting = requireNonNull(setting, "setting is null");
    }

    @Override
    public void execute(String line, DispatchCallback callback) {
        // line is the command without its "!": "view table 500"
        List<String> words = Arrays.asList(line.trim().split("\\s+"));
        try {
            if (words.size() > 1) {
                setting.pick(ViewChoice.parse(words.subList(1, words.size())));
            }
        } catch (IllegalArgumentException e) {
            sqlLine.error(e.getMessage());
            callback.setToFailure();
            return;
        }
        sqlLine.info("Streaming results show as: " + setting.current().choice().describe());
        callback.setToSuccess();
    }
}
