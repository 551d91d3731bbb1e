package dev.sluice.jdbc.shell;

import java.util.Locale;

/** How the shell shows the result of a query in streaming mode; picked with {@code !view}. */
enum StreamingView {
    /** Rows printed as they arrive, in sqlline's table format, none kept; a changelog folded by the gateway. */
    TAIL("TABLE"),
    /** Each change printed as it arrives, with its {@code op} first. */
    CHANGELOG("CHANGELOG"),
    /** A bounded table that the changes update in place on the terminal; the final table printed at the end. */
    TABLE("CHANGELOG");

    private final String resultMode;

    StreamingView(String resultMode) {
        this.resultMode = resultMode;
    }

    /** The {@code sluice.query.result-mode} the view asks the gateway for. */
    String resultMode() {
        return resultMode;
    }

    /** The name {@code !view} takes. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
