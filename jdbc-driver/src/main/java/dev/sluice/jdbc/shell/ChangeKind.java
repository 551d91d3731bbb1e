package dev.sluice.jdbc.shell;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What one change of a changelog does, as the gateway's {@code op} column says it (Flink's short strings). */
enum ChangeKind {
    INSERT("+I"),
    UPDATE_BEFORE("-U"),
    UPDATE_AFTER("+U"),
    DELETE("-D");

    private final String op;

    ChangeKind(String op) {
        this.op = op;
    }

    /**
     * The kind an {@code op} value names.
     *
     * @throws IllegalArgumentException if it names none
     */
    static ChangeKind fromOp(String op) {
        for (ChangeKind kind : values()) {
            if (kind.op.equals(op)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("op must be one of "
                + Arrays.stream(values()).map(kind -> kind.op).collect(Collectors.joining(", ")) + ", was '" + op
                + "'");
    }
}
