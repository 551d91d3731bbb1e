package dev.sluice.gateway.push;

/** How a query's rows reach the gateway. */
public enum ResultTransport {
    /** The query's sink connects to the gateway's result endpoint and sends its rows as they exist. */
    PUSH,
    /** Flink's collect sink, polled through the JobManager. */
    COLLECT
}
