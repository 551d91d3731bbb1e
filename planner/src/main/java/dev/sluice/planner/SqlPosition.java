package dev.sluice.planner;

/**
 * A place in a statement's text as Flink's parser reports it: line and column from 1, where {@code \n}, {@code \r} and
 * {@code \r\n} each end a line and every UTF-16 character, a tab too, is one column (Calcite's parser counts tabs as
 * one column).
 */
record SqlPosition(int line, int column) {
    SqlPosition {
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column must be at least 1, were " + line + ", " + column);
        }
    }

    /** The position of the character at {@code offset} in {@code sql}; the end of the text is a position too. */
    static SqlPosition of(String sql, int offset) {
        if (offset < 0 || offset > sql.length()) {
            throw new IllegalArgumentException("offset must be between 0 and " + sql.length() + ", was " + offset);
        }
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            char c = sql.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= sql.length() || sql.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return new SqlPosition(line, offset - lineStart + 1);
    }

    /** {@code line 2, column 7}, the words Flink's own messages use. */
    @Override
    public String toString() {
        return "line " + line + ", column " + column;
    }
}
