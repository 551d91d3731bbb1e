package dev.sluice.planner.parametric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The stand-in values a statement is planned with to find where its literals go in the plan: two sets, {@link
 * Set#FIRST} and {@link Set#SECOND}, each with one value per slot of the slot's kind and shape (so of the same type in
 * Flink's plan as the statement's own literal).
 *
 * <p>The values are chosen so that planning cannot tell them apart from any other value: all differ from each other,
 * from zero and one, and contain no wildcard; strings differ in length between the sets; and the order of the slots'
 * values is reversed from one set to the other. A plan that compares the values with each other, folds them into
 * something else, or treats one differently for its order or length, comes out differently for the two sets, and
 * {@link PlanTemplate} refuses it.
 */
public final class Sentinels {
    /** One of the two sets. */
    public enum Set {
        FIRST,
        SECOND
    }

    /**
     * A stand-in value.
     *
     * @param sql the literal as it goes into the statement
     * @param value the value as Flink's plan writes it, as {@link LiteralSlot#value()}
     */
    public record Sentinel(String sql, String value) {}

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Sentinels() {}

    /** The stand-ins of set {@code set} for {@code slots}, or empty if a slot's shape has too few values to choose from. */
    public static Optional<List<Sentinel>> of(List<LiteralSlot> slots, Set set) {
        List<Sentinel> sentinels = new ArrayList<>(slots.size());
        for (int i = 0; i < slots.size(); i++) {
            Optional<Sentinel> sentinel = of(slots.get(i), i, slots.size(), set == Set.FIRST);
            if (sentinel.isEmpty()) {
                return Optional.empty();
            }
            sentinels.add(sentinel.get());
        }
        return Optional.of(sentinels);
    }

    private static Optional<Sentinel> of(LiteralSlot slot, int index, int count, boolean first) {
        // the first set's values rise with the slot's index, the second's fall
        int step = first ? index : -index;
        return switch (slot.kind()) {
            case INTEGER -> Optional.of(number(String.valueOf((first ? 1_000_003L : 2_000_017L) + 7_919L * step)));
            case BIGINT ->
                Optional.of(number(String.valueOf((first ? 5_000_000_000_003L : 7_000_000_000_017L) + 7_919L * step)));
            case DECIMAL -> decimal(slot.shape(), step, count, first);
            case STRING -> {
                String value = (first ? "sluicea" : "sluicezz") + String.format(Locale.ROOT, "%02d", 50 + step);
                yield Optional.of(new Sentinel("'" + value + "'", value));
            }
            case DATE -> {
                LocalDate date = first ? LocalDate.of(2093, 7, 19) : LocalDate.of(2087, 3, 11);
                String value = date.plusDays(step).toString();
                yield Optional.of(new Sentinel("'" + value + "'", value));
            }
            case TIME -> {
                LocalTime time = (first ? LocalTime.of(13, 17, 19) : LocalTime.of(11, 13, 17)).plusSeconds(step);
                String value = TIME.format(time) + fraction(slot.shape(), first);
                yield Optional.of(new Sentinel("'" + value + "'", value));
            }
            case TIMESTAMP -> {
                LocalDateTime timestamp = (first
                                ? LocalDateTime.of(2093, 7, 19, 13, 17, 19)
                                : LocalDateTime.of(2087, 3, 11, 11, 13, 17))
                        .plusMinutes(step);
                String value = DATE_TIME.format(timestamp) + fraction(slot.shape(), first);
                yield Optional.of(new Sentinel("'" + value + "'", value));
            }
        };
    }

    private static Sentinel number(String digits) {
        return new Sentinel(digits, digits);
    }

    /**
     * A decimal of the shape {@code (whole,fraction)}: as many digits before the point (none for {@code 0.x}) and after
     * it, the last one not zero so that the plan writes them all.
     */
    private static Optional<Sentinel> decimal(String shape, int step, int count, boolean first) {
        String[] digits = shape.substring(1, shape.length() - 1).split(",");
        int whole = Integer.parseInt(digits[0]);
        int fraction = Integer.parseInt(digits[1]);
        if (fraction == 0) {
            return Optional.empty(); // "12." : a rare spelling, not worth a shape of its own
        }
        int all = whole + fraction;
        BigInteger lowest = BigInteger.TEN.pow(whole == 0 ? fraction - 1 : all - 1);
        BigInteger span = BigInteger.TEN.pow(all).subtract(BigInteger.ONE).subtract(lowest);
        // room for every slot's value apart from the others', twice over
        if (span.compareTo(BigInteger.valueOf(12L * (count + 1))) < 0) {
            return Optional.empty();
        }
        BigInteger third = span.divide(BigInteger.valueOf(3));
        BigInteger unscaled = lowest.add(first ? third : third.add(third)).add(BigInteger.valueOf(2L * step));
        if (unscaled.mod(BigInteger.TEN).signum() == 0) {
            unscaled = unscaled.add(BigInteger.ONE);
        }
        String value = new BigDecimal(unscaled, fraction).toPlainString();
        return Optional.of(number(value));
    }

    private static String fraction(String shape, boolean first) {
        int digits = Integer.parseInt(shape.substring(1, shape.length() - 1));
        return digits == 0 ? "" : "." + (first ? "123456789" : "987654321").substring(0, digits);
    }
}
