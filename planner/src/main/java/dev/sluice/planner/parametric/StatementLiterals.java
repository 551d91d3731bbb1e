package dev.sluice.planner.parametric;

import dev.sluice.planner.SqlLexer;
import dev.sluice.planner.SqlToken;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * The literals of a statement that its plan may take with other values, and the statement's template: its normal form
 * with each such literal shown by its kind alone, so that statements that differ only in those values have one
 * template.
 *
 * <p>A literal is a slot only where a value stands in an expression: after an operator, a parenthesis, a comma or a
 * keyword that an expression follows ({@code WHERE}, {@code AND}, {@code THEN}, ...). Literals that are part of the
 * statement's shape stay in the template: row counts ({@code LIMIT 10}), ordinals ({@code ORDER BY 2}), the length and
 * precision of a type ({@code DECIMAL(10, 2)}), interval and charset-prefixed literals, table options in hints, and
 * approximate numbers. Whether a slot really is a value of the plan is not decided here: {@link PlanTemplate} finds
 * out by planning.
 */
public final class StatementLiterals {
    /** More literals than this and the statement has no template: a template would take longer to prove than to use. */
    static final int MAX_SLOTS = 50;

    private static final Set<String> BEFORE_A_VALUE = Set.of(
            "SELECT", "WHERE", "AND", "OR", "NOT", "THEN", "ELSE", "WHEN", "CASE", "BETWEEN", "IN", "HAVING", "ON",
            "LIKE");
    private static final Set<String> TYPES_WITH_PARAMETERS = Set.of(
            "CHAR",
            "CHARACTER",
            "VARCHAR",
            "BINARY",
            "VARBINARY",
            "DECIMAL",
            "DEC",
            "NUMERIC",
            "TIME",
            "TIMESTAMP",
            "TIMESTAMP_LTZ",
            "FLOAT",
            "YEAR",
            "MONTH",
            "DAY",
            "HOUR",
            "MINUTE",
            "SECOND");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern TIME = Pattern.compile("\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?");
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final String sql;
    private final List<LiteralSlot> slots;
    private final String template;

    private StatementLiterals(String sql, List<LiteralSlot> slots, String template) {
        this.sql = sql;
        this.slots = List.copyOf(slots);
        this.template = template;
    }

    /** The slots of {@code sql}, whose tokens {@link SqlLexer#tokenize} gave. */
    public static StatementLiterals of(String sql, List<SqlToken> tokens) {
        requireNonNull(sql, "sql is null");
        requireNonNull(tokens, "tokens is null");
        List<LiteralSlot> slots = new ArrayList<>();
        // by where a token starts: how the template shows it, if not as itself (a slot, or a slot's sign)
        Map<Integer, String> shown = new HashMap<>();
        boolean inHint = false;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.kind() == SqlToken.Kind.SYMBOL && token.text().equals("/*+")) {
                inHint = true;
            } else if (inHint
                    && token.kind() == SqlToken.Kind.SYMBOL
                    && token.text().startsWith("*")) {
                inHint = !isHintEnd(tokens, i);
            }
            if (inHint) {
                continue;
            }
            LiteralSlot slot = switch (token.kind()) {
                case NUMBER -> number(tokens, i);
                case STRING -> string(tokens, i);
                default -> null;
            };
            if (slot == null) {
                continue;
            }
            if (slots.size() == MAX_SLOTS) {
                return new StatementLiterals(sql, List.of(), SqlLexer.normalize(sql, tokens));
            }
            slots.add(slot);
            shown.put(slot.start(), slot.placeholder());
            if (slot.start() < token.start()) {
                shown.put(token.start(), "");
            }
        }
        String template = SqlLexer.normalize(sql, tokens, token -> shown.getOrDefault(token.start(), token.text()));
        return new StatementLiterals(sql, slots, template);
    }

    /** Whether the statement has no slot, so no template. */
    public boolean isEmpty() {
        return slots.isEmpty();
    }

    /** The slots, in the order they appear. */
    public List<LiteralSlot> slots() {
        return slots;
    }

    /** The statement's normal form with each slot shown by its kind and shape: the key of its template. */
    public String template() {
        return template;
    }

    /** The values of the slots, as {@link LiteralSlot#value()}. */
    public List<String> values() {
        return slots.stream().map(LiteralSlot::value).toList();
    }

    /** The statement with each slot replaced by the SQL text of {@code literals}, one per slot. */
    public String sqlWith(List<String> literals) {
        if (literals.size() != slots.size()) {
            throw new IllegalArgumentException(
                    "The statement has " + slots.size() + " literals, but " + literals.size() + " were given");
        }
        StringBuilder text = new StringBuilder(sql.length() + 8 * literals.size());
        int copied = 0;
        for (int i = 0; i < slots.size(); i++) {
            LiteralSlot slot = slots.get(i);
            text.append(sql, copied, slot.start()).append(literals.get(i));
            copied = slot.end();
        }
        return text.append(sql, copied, sql.length()).toString();
    }

    private static boolean isHintEnd(List<SqlToken> tokens, int index) {
        SqlToken star = tokens.get(index);
        if (star.text().equals("*/")) {
            return true;
        }
        return index + 1 < tokens.size()
                && tokens.get(index + 1).text().equals("/")
                && tokens.get(index + 1).start() == star.end();
    }

    private static LiteralSlot number(List<SqlToken> tokens, int index) {
        SqlToken token = tokens.get(index);
        String digits = token.text();
        if (digits.indexOf('e') >= 0 || digits.indexOf('E') >= 0) {
            return null;
        }
        SqlToken previous = index > 0 ? tokens.get(index - 1) : null;
        int start = token.start();
        String sign = "";
        if (previous != null
                && previous.kind() == SqlToken.Kind.SYMBOL
                && (previous.text().equals("-") || previous.text().equals("+"))
                && previous.end() == token.start()
                && precedesAValue(index > 1 ? tokens.get(index - 2) : null)) {
            sign = previous.text().equals("-") ? "-" : "";
            start = previous.start();
            previous = index > 1 ? tokens.get(index - 2) : null;
        } else if (!precedesAValue(previous) || isTypeParameter(tokens, index)) {
            return null;
        }
        int point = digits.indexOf('.');
        if (point < 0) {
            BigInteger value = new BigInteger(sign + digits);
            if (value.compareTo(INT_MIN) >= 0 && value.compareTo(INT_MAX) <= 0) {
                return new LiteralSlot(LiteralSlot.Kind.INTEGER, "", start, token.end(), value.toString());
            }
            if (value.compareTo(LONG_MIN) >= 0 && value.compareTo(LONG_MAX) <= 0) {
                return new LiteralSlot(LiteralSlot.Kind.BIGINT, "", start, token.end(), value.toString());
            }
            return null;
        }
        String whole = digits.substring(0, point);
        String fraction = digits.substring(point + 1);
        if (fraction.indexOf('.') >= 0 || (whole.length() > 1 && whole.startsWith("0"))) {
            return null;
        }
        int wholeDigits = whole.isEmpty() || whole.equals("0") ? 0 : whole.length();
        String shape = "(" + wholeDigits + "," + fraction.length() + ")";
        String value = sign + (whole.isEmpty() ? "0" : whole) + (fraction.isEmpty() ? "" : "." + fraction);
        return new LiteralSlot(LiteralSlot.Kind.DECIMAL, shape, start, token.end(), value);
    }

    private static LiteralSlot string(List<SqlToken> tokens, int index) {
        SqlToken token = tokens.get(index);
        if (!token.text().startsWith("'")
                || token.text().length() < 2
                || !token.text().endsWith("'")) {
            return null; // E'…' or unterminated
        }
        SqlToken previous = index > 0 ? tokens.get(index - 1) : null;
        SqlToken next = index + 1 < tokens.size() ? tokens.get(index + 1) : null;
        if ((previous != null && previous.kind() == SqlToken.Kind.STRING)
                || (next != null && next.kind() == SqlToken.Kind.STRING)
                || (previous != null && previous.end() == token.start() && previous.kind() == SqlToken.Kind.WORD)) {
            return null; // a continued literal, or one with a prefix (N'…', X'…', U&'…')
        }
        String value = token.stringValue();
        String word = previous != null && previous.kind() == SqlToken.Kind.WORD
                ? previous.text().toUpperCase(Locale.ROOT)
                : "";
        switch (word) {
            case "DATE":
                return DATE.matcher(value).matches()
                        ? new LiteralSlot(LiteralSlot.Kind.DATE, "", token.start(), token.end(), value)
                        : null;
            case "TIME":
                return TIME.matcher(value).matches()
                        ? new LiteralSlot(
                                LiteralSlot.Kind.TIME,
                                fractionShape(value),
                                token.start(),
                                token.end(),
                                withoutTrailingZeros(value))
                        : null;
            case "TIMESTAMP":
                return TIMESTAMP.matcher(value).matches()
                        ? new LiteralSlot(
                                LiteralSlot.Kind.TIMESTAMP,
                                fractionShape(value),
                                token.start(),
                                token.end(),
                                withoutTrailingZeros(value))
                        : null;
            default:
                return precedesAValue(previous)
                        ? new LiteralSlot(LiteralSlot.Kind.STRING, "", token.start(), token.end(), value)
                        : null;
        }
    }

    /** Whether a value may follow {@code token} in an expression; false for the start of the statement. */
    private static boolean precedesAValue(SqlToken token) {
        if (token == null) {
            return false;
        }
        return switch (token.kind()) {
            case SYMBOL ->
                !token.text().equals(")")
                        && !token.text().equals(".")
                        && !token.text().startsWith("*/");
            case WORD -> {
                String word = token.text().toUpperCase(Locale.ROOT);
                yield BEFORE_A_VALUE.contains(word);
            }
            default -> false;
        };
    }

    /** Whether the number at {@code index} is a type's length, precision or scale: {@code DECIMAL(10, 2)}. */
    private static boolean isTypeParameter(List<SqlToken> tokens, int index) {
        int open = index - 1;
        if (open >= 2
                && tokens.get(open).text().equals(",")
                && tokens.get(open - 1).kind() == SqlToken.Kind.NUMBER) {
            open -= 2;
        }
        return open >= 1
                && tokens.get(open).text().equals("(")
                && tokens.get(open - 1).kind() == SqlToken.Kind.WORD
                && TYPES_WITH_PARAMETERS.contains(tokens.get(open - 1).text().toUpperCase(Locale.ROOT));
    }

    private static String fractionShape(String timeText) {
        int point = timeText.indexOf('.');
        return "(" + (point < 0 ? 0 : timeText.length() - point - 1) + ")";
    }

    /** A time's text as Flink's plan writes it: no trailing zeros in its fraction, and no point without one. */
    static String withoutTrailingZeros(String timeText) {
        if (timeText.indexOf('.') < 0) {
            return timeText;
        }
        int end = timeText.length();
        while (timeText.charAt(end - 1) == '0') {
            end--;
        }
        if (timeText.charAt(end - 1) == '.') {
            end--;
        }
        return timeText.substring(0, end);
    }
}
