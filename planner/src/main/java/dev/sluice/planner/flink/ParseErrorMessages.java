package dev.sluice.planner.flink;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flink's parse errors made readable: its parser lists every token it would have taken ("Was expecting one of:" and
 * up to 150 lines), which hides the one line that matters; and when it stops at a reserved word where a name could
 * stand ({@code select day from t}), it does not say that a name which is a reserved word must be quoted, nor that
 * Flink quotes names in back ticks, not double quotes.
 */
final class ParseErrorMessages {
    /** Expected tokens kept from Flink's list; the rest are counted. */
    static final int EXPECTED_SHOWN = 8;

    private static final String EXPECTING = "Was expecting one of:";
    private static final Pattern ENCOUNTERED_WORD = Pattern.compile("Encountered \"([A-Za-z_][A-Za-z0-9_$]*)\"");
    private static final Pattern ENCOUNTERED_DOUBLE_QUOTE =
            Pattern.compile("Encountered \"\\\\\"\"|Lexical error.*\"\\\\\"\"");

    private ParseErrorMessages() {}

    /** {@code message} with its list of expected tokens cut short, and a hint on quoting where one applies. */
    static String readable(String message) {
        int expecting = message.indexOf(EXPECTING);
        if (expecting < 0) {
            return message;
        }
        int listStart = expecting + EXPECTING.length();
        List<String> lines = message.substring(listStart).lines().toList();
        List<String> expected = new ArrayList<>();
        int consumed = 0;
        for (String line : lines) {
            if (consumed > 0 && !line.startsWith(" ") && !line.isBlank()) {
                break; // the list ended; what follows is another message of the chain
            }
            consumed++;
            if (!line.isBlank()) {
                expected.add(line.strip());
            }
        }
        String rest = String.join("\n", lines.subList(consumed, lines.size()));
        StringBuilder readable =
                new StringBuilder(message.substring(0, expecting).stripTrailing());
        readable.append(hint(message, expected));
        readable.append(' ').append(EXPECTING).append(' ');
        readable.append(String.join(", ", expected.subList(0, Math.min(EXPECTED_SHOWN, expected.size()))));
        if (expected.size() > EXPECTED_SHOWN) {
            readable.append(", and ").append(expected.size() - EXPECTED_SHOWN).append(" more");
        }
        if (!rest.isBlank()) {
            readable.append('\n').append(rest.strip());
        }
        return readable.toString();
    }

    private static String hint(String message, List<String> expected) {
        boolean nameExpected = expected.stream().anyMatch(token -> token.startsWith("<IDENTIFIER>"));
        Matcher word = ENCOUNTERED_WORD.matcher(message);
        if (nameExpected && word.find()) {
            String reserved = word.group(1);
            return " \"" + reserved + "\" is a reserved word in Flink SQL: as a name, quote it in back ticks (`"
                    + reserved + "`).";
        }
        if (ENCOUNTERED_DOUBLE_QUOTE.matcher(message).find()) {
            return " Flink quotes names in back ticks (`name`), not double quotes; a connection with the property"
                    + " ansi_quotes=true takes double quotes too.";
        }
        return "";
    }
}
