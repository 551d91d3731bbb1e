package dev.sluice.gateway.push;

/** A sink's connection that only counts what a result asks of it. */
final class RecordingSinkConnection implements SinkConnection {
    int pauses;
    int resumes;
    int closes;

    @Override
    public void pauseReading() {
        pauses++;
    }

    @Override
    public void resumeReading() {
        resumes++;
    }

    @Override
    public void close() {
        closes++;
    }

    @Override
    public String describe() {
        return "recording sink";
    }
}
