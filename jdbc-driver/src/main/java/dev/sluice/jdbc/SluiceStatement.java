package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * What a Sluice statement offers beyond JDBC; reach it with {@code statement.unwrap(SluiceStatement.class)} (also for
 * prepared statements).
 */
public interface SluiceStatement {
    /**
     * Has the gateway asked, every {@code interval} while an {@code execute} call of this statement waits, how far the
     * statement got, and tells {@code listener}; null stops that. Overrides the connection's listener
     * ({@link SluiceConnection#setProgressListener}) for this statement.
     *
     * @throws IllegalArgumentException if {@code interval} is shorter than 10 ms
     */
    void setProgressListener(@Nullable ProgressListener listener, Duration interval);
}
