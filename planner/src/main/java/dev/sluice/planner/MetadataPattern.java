package dev.sluice.planner;

import org.jspecify.annotations.Nullable;

import java.util.regex.Pattern;

/**
 * A JDBC {@code DatabaseMetaData} search pattern: {@code %} matches any run of characters, {@code _} any one, and
 * the escape character (a backslash, as {@code getSearchStringEscape} reports) makes the next one literal. A null
 * pattern matches everything; matching is case-sensitive, as Flink's identifiers are.
 */
public final class MetadataPattern {
    /** The escape character reported by {@code DatabaseMetaData.getSearchStringEscape()}. */
    public static final char ESCAPE = '\\';

    private static final MetadataPattern ANY = new MetadataPattern(null);

    private final @Nullable Pattern regex;

    private MetadataPattern(@Nullable Pattern regex) {
        this.regex = regex;
    }

    public static MetadataPattern compile(@Nullable String pattern) {
        if (pattern == null || pattern.equals("%")) {
            return ANY;
        }
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == ESCAPE && i + 1 < pattern.length()) {
                literal.append(pattern.charAt(++i));
            } else if (c == '%' || c == '_') {
                flush(literal, regex);
                regex.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        flush(literal, regex);
        return new MetadataPattern(Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    public boolean matches(String name) {
        return regex == null || regex.matcher(name).matches();
    }

    private static void flush(StringBuilder literal, StringBuilder regex) {
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
            literal.setLength(0);
        }
    }
}
