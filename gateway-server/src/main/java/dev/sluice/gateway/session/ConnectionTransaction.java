package dev.sluice.gateway.session;

import dev.sluice.planner.StatementKind;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * What JDBC's transaction calls mean on a connection to Flink, which has no transactions: {@code setReadOnly(true)}
 * refuses statements that may write, and {@code commit}/{@code rollback} learn how many statements wrote data since
 * the last of them, each of which took effect when it ran (so that a rollback can say it undid nothing).
 */
final class ConnectionTransaction {
    // statements that wrote data since the connection's last commit or rollback
    private final AtomicInteger writesSinceEnd = new AtomicInteger();
    // the connection's setReadOnly: statements that may write are refused
    private volatile boolean readOnly;

    void setReadOnly(boolean readOnly) {
        this.readOnly = readOnly;
    }

    /** @throws ReadOnlyConnectionException if the connection is read-only and a statement of this kind may write */
    void checkMayRun(StatementKind kind) {
        if (readOnly && StatementEffects.mayWrite(kind)) {
            throw new ReadOnlyConnectionException(kind);
        }
    }

    /** Counts a statement that ran to its end without an error. */
    void succeeded(StatementKind kind) {
        if (kind == StatementKind.DML) {
            writesSinceEnd.incrementAndGet();
        }
    }

    /** Returns how many statements wrote data since the last call, and starts counting again. */
    int end() {
        return writesSinceEnd.getAndSet(0);
    }
}
