package dev.sluice.sessioncache;

import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.client.program.rest.retry.ExponentialWaitStrategy;
import org.apache.flink.client.program.rest.retry.WaitStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.highavailability.ClientHighAvailabilityServicesFactory;
import org.apache.flink.runtime.rest.RestClient;
import org.apache.flink.shaded.netty4.io.netty.channel.EventLoopGroup;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

import static java.util.Objects.requireNonNull;

/**
 * Builds a {@link RestClusterClient} on a REST client of Sluice's choosing. Flink 2.3 has the constructor for that
 * but keeps it private, so it is found once by reflection; a Flink whose constructor differs fails at the first use
 * with a message that names the version Sluice was built for, never with a silent switch to Flink's transport.
 */
final class RestClusterClientConstructor {
    // found on first use, not in a static initializer: a failure there would surface as an Error that callers'
    // catch (Exception) misses, and later as a bare NoClassDefFoundError without this message
    private static volatile @Nullable Constructor<?> constructor;

    private RestClusterClientConstructor() {}

    /** The constructor Flink's public ones delegate to, with the same wait strategy they use (10 ms to 2 s). */
    @SuppressWarnings("unchecked")
    static RestClusterClient<StandaloneClusterId> create(
            Configuration configuration, RestClient restClient, ClientHighAvailabilityServicesFactory highAvailability)
            throws Exception {
        requireNonNull(restClient, "restClient is null");
        try {
            return (RestClusterClient<StandaloneClusterId>) constructor()
                    .newInstance(
                            configuration,
                            restClient,
                            StandaloneClusterId.getInstance(),
                            new ExponentialWaitStrategy(10, 2000),
                            highAvailability,
                            null);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Constructor<?> constructor() {
        Constructor<?> found = constructor;
        if (found == null) {
            found = find();
            constructor = found;
        }
        return found;
    }

    private static Constructor<?> find() {
        try {
            Constructor<?> constructor = RestClusterClient.class.getDeclaredConstructor(
                    Configuration.class,
                    RestClient.class,
                    Object.class,
                    WaitStrategy.class,
                    ClientHighAvailabilityServicesFactory.class,
                    EventLoopGroup.class);
            constructor.setAccessible(true);
            return constructor;
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new IllegalStateException(
                    "This Flink's RestClusterClient has no constructor taking a RestClient (Sluice is built for Flink"
                            + " 2.3); run with sluice.cluster.rest.pooled-connections: false",
                    e);
        }
    }
}
