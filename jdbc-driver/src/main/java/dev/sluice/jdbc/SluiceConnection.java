package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * What a Sluice connection offers beyond JDBC; reach it with {@code connection.unwrap(SluiceConnection.class)}.
 */
public interface SluiceConnection {
    /**
     * {@link SluiceStatement#setProgressListener} for every statement of this connection that sets none itself, also
     * those created before; null stops that.
     *
     * @throws IllegalArgumentException if {@code interval} is shorter than 10 ms
     */
    void setProgressListener(@Nullable ProgressListener listener, Duration interval);
}
