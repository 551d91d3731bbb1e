package dev.sluice.planner;

import static java.util.Objects.requireNonNull;

/**
 * One lexical token of a SQL statement: its kind and where it sits in the text ({@code start} inclusive, {@code end}
 * exclusive). White space and comments are not tokens.
 */
public record SqlToken(Kind kind, int start, int end, String text) {
    /** What a token is, as far as Sluice needs to know. */
    public enum Kind {
        /** A keyword or an unquoted identifier. */
        WORD,
        /** An identifier in back ticks or double quotes. */
        QUOTED_IDENTIFIER,
        /** A character string literal in single quotes, including its quotes; its prefix (N, X, U&) is a WORD. */
        STRING,
        /** A numeric literal. */
        NUMBER,
        /** The {@code ?} parameter marker. */
        PARAMETER,
        /** Any other character: operators, parentheses, commas, the hint brackets. */
        SYMBOL
    }

    public SqlToken {
        requireNonNull(kind, "kind is null");
        requireNonNull(text, "text is null");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException(
                    "token bounds must satisfy 0 <= start <= end, were " + start + ", " + end);
        }
    }

    /** Whether this is the unquoted word {@code word}, ignoring case. */
    public boolean isWord(String word) {
        return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    /** The value of a {@link Kind#STRING} token: the text between the quotes, doubled quotes undone. */
    public String stringValue() {
        if (kind != Kind.STRING) {
            throw new IllegalStateException("Not a string literal: " + text);
        }
        int close = text.length() > 1 && text.endsWith("'") ? text.length() - 1 : text.length();
        return text.substring(1, close).replace("''", "'");
    }
}
