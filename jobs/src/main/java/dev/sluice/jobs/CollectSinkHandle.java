package dev.sluice.jobs;

import org.apache.flink.streaming.api.operators.collect.AbstractCollectResultBuffer;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * What it takes to read one job's collect sink: the operator that serves its rows, the accumulator that keeps the rows
 * left when the job ends, and an empty result buffer for the sink's serializer (Flink picks the buffer kind by the
 * job's checkpointing mode).
 *
 * @param resultFetchTimeout how long to wait for the job's final result once it has ended
 */
public record CollectSinkHandle<T>(
        AbstractCollectResultBuffer<T> buffer,
        String operatorUid,
        String accumulatorName,
        Duration resultFetchTimeout) {
    public CollectSinkHandle {
        requireNonNull(buffer, "buffer is null");
        requireNonNull(operatorUid, "operatorUid is null");
        requireNonNull(accumulatorName, "accumulatorName is null");
        requireNonNull(resultFetchTimeout, "resultFetchTimeout is null");
    }
}
