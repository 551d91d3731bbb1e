package dev.sluice.gateway;

import dev.sluice.gateway.config.InvalidConfigurationException;
import dev.sluice.gateway.config.YamlConfigLoader;
import dev.sluice.gateway.dataaccess.DataAccessOptions;
import org.apache.flink.configuration.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code sluice-gateway [--config FILE]}: starts the gateway and prints {@value #READY_PREFIX}URL when it serves.
 * Stops cleanly on SIGTERM or SIGINT.
 */
public final class SluiceGatewayMain {
    /** Scripts wait for this line; keep it stable. */
    public static final String READY_PREFIX = "Sluice gateway ready: ";

    private static final Logger LOG = LoggerFactory.getLogger(SluiceGatewayMain.class);
    private static final String USAGE = "Usage: sluice-gateway [--config FILE]";

    private SluiceGatewayMain() {}

    public static void main(String[] args) {
        PrintStream out = System.out;
        Configuration configuration;
        try {
            configuration = loadConfiguration(args);
        } catch (IllegalArgumentException | InvalidConfigurationException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        GatewayConfig config;
        try {
            config = GatewayConfig.from(configuration);
        } catch (InvalidConfigurationException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        SluiceGateway gateway;
        try {
            gateway = SluiceGateway.start(config);
        } catch (GatewayStartException e) {
            // the message names the option to change; a stack trace would only bury it
            LOG.debug("Sluice gateway failed to start", e);
            System.err.println("Sluice gateway failed to start: " + e.getMessage());
            System.exit(1);
            return;
        } catch (Exception e) {
            LOG.error("Sluice gateway failed to start", e);
            System.err.println("Sluice gateway failed to start: " + e);
            System.exit(1);
            return;
        }
        if (config.warmUp().enabled()) {
            // before the ready line: scripts and pools that wait for it get a warm gateway
            gateway.warmUp();
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                gateway.close();
                            } catch (Exception e) {
                                LOG.warn("Error while stopping the gateway", e);
                            } finally {
                                stopped.countDown();
                            }
                        },
                        "sluice-shutdown"));
        out.println(READY_PREFIX + gateway.jdbcUrl());
        out.println("Connect with: bin/sluice-sql " + gateway.jdbcUrl());
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Configuration loadConfiguration(String[] args) {
        if (args.length == 0) {
            return new Configuration();
        }
        if (args.length == 2 && args[0].equals("--config")) {
            Path file = Path.of(args[1]);
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("Configuration file " + file + " does not exist\n" + USAGE);
            }
            Configuration configuration = YamlConfigLoader.load(file);
            // the configuration file holds secrets (keystore passwords) and names the others: no statement reads it
            List<String> protectedLocations = new ArrayList<>(configuration.get(DataAccessOptions.PROTECTED_LOCATIONS));
            protectedLocations.add(file.toAbsolutePath().toString());
            configuration.set(DataAccessOptions.PROTECTED_LOCATIONS, protectedLocations);
            return configuration;
        }
        throw new IllegalArgumentException(USAGE);
    }
}
