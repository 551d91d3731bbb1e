package dev.sluice.gateway.statement;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the gateway's admission gauges from {@code /metrics} every second and keeps the highest: whether the offered
 * load fitted the cluster (nobody waiting long) or overloaded it (a queue that grew).
 */
public final class AdmissionSampler implements AutoCloseable {
    private static final Pattern QUEUED = Pattern.compile("(?m)^sluice_admission_queued\\{[^}]*} ([0-9.]+)$");
    private static final Pattern RUNNING = Pattern.compile("(?m)^sluice_admission_running_jobs\\{[^}]*} ([0-9.]+)$");

    private final URI metrics;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "soak-admission-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private final LongAccumulator maxQueued = new LongAccumulator(Math::max, 0);
    private final LongAccumulator maxRunning = new LongAccumulator(Math::max, 0);
    private final AtomicInteger failedReads = new AtomicInteger();

    public AdmissionSampler(InetSocketAddress gateway) {
        this.metrics = URI.create("http://" + gateway.getHostString() + ":" + gateway.getPort() + "/metrics");
    }

    /** Starts sampling (again); the highest figures are kept from the last {@link #reset}. */
    public void start() {
        timer.scheduleWithFixedDelay(this::sample, 0, 1, TimeUnit.SECONDS);
    }

    public void reset() {
        maxQueued.reset();
        maxRunning.reset();
        failedReads.set(0);
    }

    public long maxQueued() {
        return maxQueued.get();
    }

    public long maxRunning() {
        return maxRunning.get();
    }

    public int failedReads() {
        return failedReads.get();
    }

    private void sample() {
        try {
            HttpURLConnection connection = (HttpURLConnection) metrics.toURL().openConnection();
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(5_000);
            String text;
            try (InputStream body = connection.getInputStream()) {
                text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
            }
            maxQueued.accumulate(gauge(QUEUED, text));
            maxRunning.accumulate(gauge(RUNNING, text));
        } catch (IOException | RuntimeException e) {
            failedReads.incrementAndGet(); // reported: a sampler that never read would claim an empty queue
        }
    }

    // 0 before the cluster's first job, when the gauges are not there yet
    private static long gauge(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? (long) Double.parseDouble(matcher.group(1)) : 0;
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(10, TimeUnit.SECONDS);
    }
}
