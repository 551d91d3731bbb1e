package dev.sluice.gateway.testing;

import dev.sluice.gateway.CloseableStack;
import dev.sluice.gateway.GatewayConfig;
import dev.sluice.gateway.SluiceGateway;
import org.apache.flink.configuration.Configuration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.HashMap;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * Starts gateways for the ITs, always on 127.0.0.1 port 0, and stops them; register it on a static field.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final GatewayExtension GATEWAYS = GatewayExtension.embedded();
 *
 * @BeforeAll
 * void startGateway() throws Exception {
 *     gateway = GATEWAYS.start(Map.of("sluice.server.max-request-size", "4kb"));
 * }
 * }</pre>
 *
 * <p>What is started or {@linkplain #manage managed} inside a test is stopped after that test; what is started from a
 * {@code @BeforeAll} method is stopped after all tests, after the class's {@code @AfterAll} methods. Each scope stops
 * newest first, so a gateway stops before the cluster it was pointed at when the cluster was managed first.
 */
public final class GatewayExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
    private final Map<String, String> baseOptions;

    private CloseableStack classScope = new CloseableStack();
    private @Nullable CloseableStack testScope; // set while a test runs, between beforeEach and afterEach

    private GatewayExtension(Map<String, String> baseOptions) {
        this.baseOptions = Map.copyOf(baseOptions);
    }

    /** Gateways with the embedded cluster (4 task slots). */
    public static GatewayExtension embedded() {
        return new GatewayExtension(Map.of(
                "sluice.server.host", "127.0.0.1",
                "sluice.server.port", "0",
                "sluice.embedded.task-slots", "4"));
    }

    /**
     * Gateways without a cluster to run jobs on (their one cluster is a REMOTE address where nothing listens): quick to
     * start, for tests of the transport, where connecting, {@code SET} and metadata calls never reach a cluster.
     */
    public static GatewayExtension transportOnly() {
        return new GatewayExtension(Map.of(
                "sluice.server.host", "127.0.0.1",
                "sluice.server.port", "0",
                "sluice.clusters", "nowhere",
                "sluice.cluster.nowhere.type", "REMOTE",
                "sluice.cluster.nowhere.rest-address", "127.0.0.1:1"));
    }

    /** Starts a gateway with {@code overrides} on top of this extension's options, stopped at the end of the scope. */
    public SluiceGateway start(Map<String, String> overrides) throws Exception {
        Map<String, String> options = new HashMap<>(baseOptions);
        options.putAll(overrides);
        return manage("gateway " + overrides, SluiceGateway.start(GatewayConfig.from(Configuration.fromMap(options))));
    }

    /** Closes {@code resource} at the end of the current scope, before whatever the scope held already. */
    public <T extends AutoCloseable> T manage(String name, T resource) {
        return (testScope != null ? testScope : classScope).push(name, resource);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        classScope = new CloseableStack();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        testScope = new CloseableStack();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        CloseableStack scope = requireNonNull(testScope, "testScope");
        testScope = null;
        scope.close();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        classScope.close();
    }
}
