package dev.sluice.jdbc.shell;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * The view the shell shows streaming results in, with the table view's bound in rows.
 *
 * @param view the view
 * @param maxRows the most rows the table view holds (the other views keep no rows)
 * @param picked whether {@code !view} picked it; the default view leaves the session's result mode as the URL set it
 */
record ViewChoice(StreamingView view, int maxRows, boolean picked) {
    static final int DEFAULT_MAX_ROWS = 1_000;
    static final int MAX_MAX_ROWS = 100_000;
    /** What the shell shows until {@code !view} picks something else. */
    static final ViewChoice DEFAULT = new ViewChoice(StreamingView.TAIL, DEFAULT_MAX_ROWS, false);

    private static final String USAGE = "!view takes tail, changelog, or table with an optional bound in rows";

    ViewChoice {
        requireNonNull(view, "view is null");
        if (maxRows < 1 || maxRows > MAX_MAX_ROWS) {
            throw new IllegalArgumentException(
                    "the table view's bound must be between 1 and " + MAX_MAX_ROWS + " rows, was " + maxRows);
        }
    }

    /**
     * The choice that the words after {@code !view} name, e.g. {@code table 500}.
     *
     * @throws IllegalArgumentException if they name none
     */
    static ViewChoice parse(List<String> words) {
        if (words.isEmpty() || words.size() > 2) {
            throw new IllegalArgumentException(USAGE + ", was '" + String.join(" ", words) + "'");
        }
        StreamingView view = findView(words.get(0))
                .orElseThrow(() -> new IllegalArgumentException(USAGE + ", was '" + words.get(0) + "'"));
        if (words.size() == 1) {
            return new ViewChoice(view, DEFAULT_MAX_ROWS, true);
        }
        if (view != StreamingView.TABLE) {
            throw new IllegalArgumentException(
                    "only the table view takes a bound in rows, was '" + String.join(" ", words) + "'");
        }
        try {
            return new ViewChoice(view, Integer.parseInt(words.get(1)), true);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "the table view's bound must be a number of rows, was '" + words.get(1) + "'", e);
        }
    }

    private static Optional<StreamingView> findView(String word) {
        for (StreamingView view : StreamingView.values()) {
            if (view.label().equals(word.toLowerCase(Locale.ROOT))) {
                return Optional.of(view);
            }
        }
        return Optional.empty();
    }

    /** For example {@code table (at most 1,000 rows)}. */
    String describe() {
        return view == StreamingView.TABLE
                ? String.format(Locale.ROOT, "table (at most %,d rows)", maxRows)
                : view.label();
    }
}
