package dev.sluice.bench.compare;

import dev.sluice.bench.workload.SystemKind;

import static java.util.Objects.requireNonNull;

/** The system on the other side of the comparison: the stock gateway, or a second Sluice gateway. */
interface BaselineSystem extends AutoCloseable {
    String label();

    String jdbcUrl();

    long pid();

    /** Which variant of a workload's statements it runs. */
    SystemKind kind();

    @Override
    void close() throws InterruptedException;

    /** Closing a baseline stops its process. */
    interface Stopper {
        void stop() throws InterruptedException;
    }

    static BaselineSystem of(String label, String url, long pid, SystemKind kind, Stopper stopper) {
        requireNonNull(label, "label is null");
        requireNonNull(url, "url is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(stopper, "stopper is null");
        return new BaselineSystem() {
            @Override
            public String label() {
                return label;
            }

            @Override
            public String jdbcUrl() {
                return url;
            }

            @Override
            public long pid() {
                return pid;
            }

            @Override
            public SystemKind kind() {
                return kind;
            }

            @Override
            public void close() throws InterruptedException {
                stopper.stop();
            }
        };
    }
}
