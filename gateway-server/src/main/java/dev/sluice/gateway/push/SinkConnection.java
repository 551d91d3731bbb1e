package dev.sluice.gateway.push;

/** One sink's connection as a result sees it: reading can be paused and resumed, and it can be closed. */
interface SinkConnection {
    /** Stops reading from the socket, so the sink's writes block. Called on the connection's event loop. */
    void pauseReading();

    /** Reads again; may be called from any thread. */
    void resumeReading();

    /** Closes the connection; may be called from any thread, more than once. */
    void close();

    /** The peer's address, for messages. */
    String describe();
}
