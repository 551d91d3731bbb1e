package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HighAvailabilityOptions;
import org.apache.flink.configuration.RestOptions;

import static java.util.Objects.requireNonNull;

/** A REST endpoint at a known host and port: the embedded cluster, or a remote one without high availability. */
public record FixedRestAddress(HostAndPort hostAndPort) implements RestAddress {
    /** Flink's name for "no high availability": the client uses {@code rest.address} and {@code rest.port}. */
    private static final String NO_HIGH_AVAILABILITY = "NONE";

    public FixedRestAddress {
        requireNonNull(hostAndPort, "hostAndPort is null");
    }

    @Override
    public void applyTo(Configuration clientConfiguration) {
        clientConfiguration.set(RestOptions.ADDRESS, hostAndPort.host());
        clientConfiguration.set(RestOptions.PORT, hostAndPort.port());
        // a high-availability setting among the global Flink options would make the client ask ZooKeeper instead
        clientConfiguration.set(HighAvailabilityOptions.HA_MODE, NO_HIGH_AVAILABILITY);
    }

    @Override
    public String toString() {
        return hostAndPort.toString();
    }
}
