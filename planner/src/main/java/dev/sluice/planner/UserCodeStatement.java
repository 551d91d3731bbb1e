package dev.sluice.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * A statement that loads code into the session from a jar: {@code ADD JAR}, {@code REMOVE JAR}, and
 * {@code CREATE} or {@code ALTER} of a function {@code USING JAR}. Flink's planner instantiates functions while it
 * plans, inside the gateway, so such code runs with the gateway's rights; the gateway decides by
 * {@link #jarLocations()} whether it may run, before Flink sees the statement.
 *
 * @param action what the statement does, for messages ({@code ADD JAR}, {@code REMOVE JAR}, {@code CREATE FUNCTION},
 *     {@code ALTER FUNCTION})
 * @param jarLocations every string literal where a jar location may stand; empty when the statement names none that
 *     can be read, which a gateway must refuse rather than guess
 */
public record UserCodeStatement(String action, List<String> jarLocations) {
    // CREATE [OR REPLACE] [TEMPORARY] [SYSTEM] FUNCTION: the word FUNCTION comes within the first five tokens
    private static final int FUNCTION_KEYWORD_WITHIN = 5;

    public UserCodeStatement {
        requireNonNull(action, "action is null");
        jarLocations = List.copyOf(jarLocations);
    }

    /** The user-code statement that {@code tokens} form, if they form one. */
    static Optional<UserCodeStatement> find(List<SqlToken> tokens) {
        if (tokens.size() >= 2 && tokens.get(1).isWord("JAR")) {
            if (tokens.get(0).isWord("ADD") || tokens.get(0).isWord("REMOVE")) {
                String action = tokens.get(0).text().toUpperCase(Locale.ROOT) + " JAR";
                List<String> locations = tokens.size() >= 3 && tokens.get(2).kind() == SqlToken.Kind.STRING
                        ? List.of(tokens.get(2).stringValue())
                        : List.of();
                return Optional.of(new UserCodeStatement(action, locations));
            }
        }
        if (tokens.isEmpty()
                || !(tokens.get(0).isWord("CREATE") || tokens.get(0).isWord("ALTER"))) {
            return Optional.empty();
        }
        boolean function =
                tokens.stream().limit(FUNCTION_KEYWORD_WITHIN + 1).anyMatch(token -> token.isWord("FUNCTION"));
        int using = indexOfWord(tokens, "USING");
        if (!function || using < 0) {
            return Optional.empty(); // a function from the gateway's own class path: nothing is loaded from a jar
        }
        // every string after USING: JAR 'a', JAR 'b' today, and whatever resource kind Flink may add later
        List<String> locations = new ArrayList<>();
        for (SqlToken token : tokens.subList(using + 1, tokens.size())) {
            if (token.kind() == SqlToken.Kind.STRING) {
                locations.add(token.stringValue());
            }
        }
        return Optional.of(
                new UserCodeStatement(tokens.get(0).text().toUpperCase(Locale.ROOT) + " FUNCTION", locations));
    }

    private static int indexOfWord(List<SqlToken> tokens, String word) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).isWord(word)) {
                return i;
            }
        }
        return -1;
    }
}
