package dev.sluice.gateway.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A standalone Flink session cluster in separate JVMs, started and stopped through bin/flink-local-cluster: one
 * JobManager, or (with ZooKeeper high availability) a ZooKeeper server and two JobManagers that elect a leader; and
 * one TaskManager.
 */
public final class LocalFlinkCluster implements AutoCloseable {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();
    /** The script's names of the JobManager processes, by position in {@link #jobManagerRestPorts}. */
    private static final List<String> JOB_MANAGERS = List.of("jobmanager", "jobmanager-2");

    private final Path directory;
    private final List<Integer> jobManagerRestPorts;
    private final int zookeeperPort; // 0 without high availability
    private boolean running;

    private LocalFlinkCluster(Path directory, List<Integer> jobManagerRestPorts, int zookeeperPort) {
        this.directory = directory;
        this.jobManagerRestPorts = List.copyOf(jobManagerRestPorts);
        this.zookeeperPort = zookeeperPort;
    }

    /** One JobManager and one TaskManager, reached as a REMOTE cluster at {@link #restPort()}. */
    public static LocalFlinkCluster start(Path directory) throws IOException, InterruptedException {
        return startStandalone(directory);
    }

    /** As {@link #start(Path)}, with the settings of {@code config} laid over conf/flink/config.yaml. */
    public static LocalFlinkCluster start(Path directory, Path config) throws IOException, InterruptedException {
        return startStandalone(directory, "--config", config.toString());
    }

    private static LocalFlinkCluster startStandalone(Path directory, String... options)
            throws IOException, InterruptedException {
        List<Integer> ports = freePorts(2);
        LocalFlinkCluster cluster = new LocalFlinkCluster(directory, List.of(ports.get(0)), 0);
        List<String> arguments = new ArrayList<>(
                List.of("--rest-port", String.valueOf(ports.get(0)), "--rpc-port", String.valueOf(ports.get(1))));
        arguments.addAll(List.of(options));
        cluster.run("start", arguments.toArray(String[]::new));
        cluster.running = true;
        return cluster;
    }

    /**
     * A ZooKeeper server, two JobManagers with ZooKeeper high availability (conf/flink/high-availability.yaml: ZooKeeper
     * sessions of 4 s) and one TaskManager, reached as a ZOOKEEPER cluster at {@link #zookeeperQuorum()}.
     */
    public static LocalFlinkCluster startWithZooKeeper(Path directory) throws IOException, InterruptedException {
        List<Integer> ports = freePorts(3);
        LocalFlinkCluster cluster = new LocalFlinkCluster(directory, ports.subList(0, 2), ports.get(2));
        cluster.run(
                "start",
                "--rest-port",
                String.valueOf(cluster.jobManagerRestPorts.get(0)),
                "--second-rest-port",
                String.valueOf(cluster.jobManagerRestPorts.get(1)),
                "--zookeeper-port",
                String.valueOf(cluster.zookeeperPort));
        cluster.running = true;
        return cluster;
    }

    /** The REST port of the (first) JobManager. */
    public int restPort() {
        return jobManagerRestPorts.get(0);
    }

    /** The REST ports of the JobManagers, one or two. */
    public List<Integer> jobManagerRestPorts() {
        return jobManagerRestPorts;
    }

    /** {@code 127.0.0.1:port} of the ZooKeeper server. */
    public String zookeeperQuorum() {
        if (zookeeperPort == 0) {
            throw new IllegalStateException("This cluster runs without ZooKeeper");
        }
        return "127.0.0.1:" + zookeeperPort;
    }

    /** Kills the JobManager whose REST endpoint listens on {@code restPort} as {@code kill -9} would. */
    public void killJobManager(int restPort) throws IOException, InterruptedException, TimeoutException {
        int index = jobManagerRestPorts.indexOf(restPort);
        if (index < 0) {
            throw new IllegalArgumentException("No JobManager of this cluster has REST port " + restPort);
        }
        kill(JOB_MANAGERS.get(index));
    }

    /** Kills the TaskManager as {@code kill -9} would. */
    public void killTaskManager() throws IOException, InterruptedException, TimeoutException {
        kill("taskmanager");
    }

    /**
     * Pauses the (first) JobManager ({@code kill -STOP}): a JobManager that hangs, whose port still takes connections
     * that nobody answers. {@link #resumeJobManager} before stopping the cluster.
     */
    public void suspendJobManager() throws IOException, InterruptedException {
        signal(JOB_MANAGERS.get(0), "STOP");
    }

    /** Lets a paused JobManager go on ({@code kill -CONT}). */
    public void resumeJobManager() throws IOException, InterruptedException {
        signal(JOB_MANAGERS.get(0), "CONT");
    }

    private void signal(String name, String signal) throws IOException, InterruptedException {
        String pid = Files.readString(directory.resolve(name + ".pid")).strip();
        Process kill = new ProcessBuilder("kill", "-" + signal, pid).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " (" + name + ") failed");
        }
    }

    private void kill(String name) throws IOException, InterruptedException, TimeoutException {
        long pid = Long.parseLong(
                Files.readString(directory.resolve(name + ".pid")).strip());
        ProcessHandle process = ProcessHandle.of(pid)
                .orElseThrow(() -> new IllegalStateException(name + " process " + pid + " is not running"));
        process.destroyForcibly();
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Waiting for " + name + " process " + pid + " to exit failed", e);
        }
    }

    /** Where the processes write their logs. */
    public Path logDirectory() {
        return directory.resolve("log");
    }

    public void stop() throws IOException, InterruptedException {
        if (running) {
            run("stop");
            running = false;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop();
    }

    private void run(String command, String... options) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of(
                PROJECT_ROOT.resolve("bin/flink-local-cluster").toString(), command, "--dir", directory.toString()));
        arguments.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(arguments).redirectErrorStream(true);
        builder.environment().put("SLUICE_SKIP_BUILD", "1");
        Process process = builder.start();
        Duration limit = Duration.ofSeconds(150);
        if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("bin/flink-local-cluster " + command + " did not finish in " + limit);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("bin/flink-local-cluster " + command + " failed:\n" + output);
        }
    }

    /** Distinct free ports: every socket stays open until all are chosen. */
    private static List<Integer> freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
