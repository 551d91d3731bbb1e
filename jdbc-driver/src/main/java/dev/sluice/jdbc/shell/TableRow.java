package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One row of a streaming result as the table view keeps it: its values ({@code getObject}) for sqlline to format as it
 * formats any result, and their text ({@code getString}), by which rows are equal. The text, because a change and its
 * retraction carry the same text, while values such as arrays do not compare by content.
 */
record TableRow(List<@Nullable Object> values, List<@Nullable String> texts) {
    TableRow {
        if (values.size() != texts.size()) {
            throw new IllegalArgumentException(
                    "a row needs a text for each value, had " + values.size() + " values and " + texts.size());
        }
        values = Collections.unmodifiableList(new ArrayList<>(values));
        texts = Collections.unmodifiableList(new ArrayList<>(texts));
    }

    /** The row at the cursor of {@code rows}, from column {@code firstColumn} to the last. */
    static TableRow read(ResultSet rows, int firstColumn) throws SQLException {
        int columns = rows.getMetaData().getColumnCount();
        List<@Nullable Object> values = new ArrayList<>();
        List<@Nullable String> texts = new ArrayList<>();
        for (int column = firstColumn; column <= columns; column++) {
            values.add(rows.getObject(column));
            texts.add(rows.getString(column));
        }
        return new TableRow(values, texts);
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof TableRow row && texts.equals(row.texts);
    }

    @Override
    public int hashCode() {
        return texts.hashCode();
    }
}
