package dev.sluice.planner.parametric;

import static java.util.Objects.requireNonNull;

/**
 * One literal of a statement that its plan may take with another value.
 *
 * @param kind what the literal is, which decides its type in Flink's plan
 * @param shape what else decides that type: for a decimal the digits before and after its point, for a time or
 *     timestamp the digits of its fraction; empty for the other kinds
 * @param start where the literal starts in the statement (its sign included)
 * @param end where it ends, exclusive
 * @param value the value as Flink's plan writes it: a number's digits with its sign, a string's characters, a date,
 *     time or timestamp as its text (without trailing zeros of a fraction)
 */
public record LiteralSlot(Kind kind, String shape, int start, int end, String value) {
    /** The kinds of literal a plan may take again with another value. */
    public enum Kind {
        /** A whole number that fits Flink's INT. */
        INTEGER,
        /** A whole number that needs Flink's BIGINT. */
        BIGINT,
        /** A number with a decimal point: DECIMAL(p, s) of its digits. */
        DECIMAL,
        /** A character string. */
        STRING,
        /** {@code DATE '…'}. */
        DATE,
        /** {@code TIME '…'}. */
        TIME,
        /** {@code TIMESTAMP '…'}. */
        TIMESTAMP;

        /** Whether the plan writes the value as a number, which is compared as one. */
        boolean isNumeric() {
            return this == INTEGER || this == BIGINT || this == DECIMAL;
        }
    }

    public LiteralSlot {
        requireNonNull(kind, "kind is null");
        requireNonNull(shape, "shape is null");
        requireNonNull(value, "value is null");
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("bounds must satisfy 0 <= start < end, were " + start + ", " + end);
        }
    }

    /** How the slot is shown in a statement's template: its kind and shape, not its value. */
    String placeholder() {
        return "\u0000" + kind + shape + "\u0000";
    }
}
