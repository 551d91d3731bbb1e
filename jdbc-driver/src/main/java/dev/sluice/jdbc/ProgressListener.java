package dev.sluice.jdbc;

/**
 * Told how a statement progresses on the gateway while one of its {@code execute} calls waits: the phase, the time
 * since it started, the rows that came from its job and the Flink job id. Set it with
 * {@link SluiceStatement#setProgressListener} or, for every statement of a connection, with
 * {@link SluiceConnection#setProgressListener}.
 *
 * <p>Called on the driver's progress thread, never after the {@code execute} call has returned; keep it quick.
 */
@FunctionalInterface
public interface ProgressListener {
    /** The statement's progress now; called about once per interval while it runs, not at all for a quick one. */
    void progress(QueryProgress progress);

    /** The {@code execute} call returned or failed; called once, after the last {@link #progress}. */
    default void executeEnded() {}
}
