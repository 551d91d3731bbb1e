package dev.sluice.gateway;

import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.gateway.testing.TlsTestFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver's shaded jar as a BI tool loads it: the jar alone, in a class loader whose parent is the platform class
 * loader (so nothing of this test's class path, which holds unshaded Avatica and Netty, can stand in for it), found
 * through {@link ServiceLoader} and used through {@link Driver#connect}. Failsafe names the jar in {@code
 * sluice.driver.jar}; it is built in the package phase of the jdbc-driver module.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ShadedDriverJarIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private Path jar;
    private URLClassLoader loader;
    private Driver driver;
    private TlsTestFiles files;
    private SluiceGateway gateway;
    private SluiceGateway tlsGateway;

    @BeforeAll
    void loadTheJarAlone(@TempDir Path directory) throws Exception {
        String location = System.getProperty("sluice.driver.jar");
        assertThat(location).as("system property sluice.driver.jar").isNotNull();
        jar = Paths.get(location);
        assertThat(jar)
                .as("the shaded driver jar; build jdbc-driver to the package phase")
                .isRegularFile();
        loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        List<Driver> drivers = new ArrayList<>();
        ServiceLoader.load(Driver.class, loader).forEach(drivers::add);
        assertThat(drivers)
                .as("the drivers the jar registers")
                .singleElement()
                .satisfies(found -> assertThat(found.getClass().getName()).isEqualTo("dev.sluice.jdbc.SluiceDriver"));
        driver = drivers.get(0);
        assertThat(driver.getClass().getClassLoader()).isSameAs(loader);

        files = TlsTestFiles.create(directory);
        gateway = GATEWAYS.start(Map.of());
        tlsGateway = GATEWAYS.start(files.serverOptions("OPENSSL"));
    }

    @AfterAll
    void closeLoader() throws IOException {
        if (loader != null) {
            loader.close();
        }
    }

    @Test
    void holdsTheDriverAndRelocatedLibrariesButNoLoggingBackendOrShell() throws IOException {
        List<String> outside = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream()
                    .map(ZipEntry::getName)
                    .filter(name -> name.endsWith(".class"))
                    .filter(name -> !name.startsWith("dev/sluice/jdbc/") && !name.startsWith("org/slf4j/"))
                    .forEach(outside::add);
            assertThat(outside)
                    .as("classes outside the driver's packages and SLF4J's API")
                    .isEmpty();
            assertThat(file.getEntry("dev/sluice/jdbc/shaded/io/netty/handler/ssl/OpenSsl.class"))
                    .isNotNull();
            assertThat(file.getEntry("META-INF/native/libdev_sluice_jdbc_shaded_netty_tcnative_linux_x86_64.so"))
                    .as("tcnative under the relocated prefix")
                    .isNotNull();
            assertThat(file.stream().map(ZipEntry::getName))
                    .noneMatch(name -> name.startsWith("META-INF/native/libnetty"))
                    .noneMatch(name -> name.startsWith("org/slf4j/simple") || name.contains("log4j"))
                    .noneMatch(name -> name.startsWith("sqlline") || name.contains("jline"));
        }
    }

    @Test
    void runsQueriesMetadataAndPreparedStatements() throws SQLException {
        String url = "jdbc:sluice://127.0.0.1:" + gateway.address().getPort();
        assertThat(driver.acceptsURL(url)).isTrue();
        try (Connection connection = driver.connect(url, new Properties());
                Statement statement = connection.createStatement()) {
            assertThat(rows(statement.executeQuery("select x from (values (1), (2), (3)) as t(x)")))
                    .containsExactly(List.of(1), List.of(2), List.of(3));

            statement.execute("create temporary table words (word STRING) with ('connector' = 'datagen', "
                    + "'number-of-rows' = '1')");
            DatabaseMetaData metaData = connection.getMetaData();
            assertThat(metaData.getDriverName()).isEqualTo("Sluice JDBC Driver");
            try (ResultSet tables = metaData.getTables(null, null, "words", null)) {
                assertThat(tables.next()).as("the temporary table in getTables").isTrue();
                assertThat(tables.getString("TABLE_NAME")).isEqualTo("words");
            }

            try (PreparedStatement query = connection.prepareStatement("select x + ? from (values (1)) as t(x)")) {
                query.setInt(1, 41);
                assertThat(rows(query.executeQuery())).containsExactly(List.of(42));
            }
        }
    }

    @Test
    void runsQueriesOverJsonToo() throws SQLException {
        String url = "jdbc:sluice://127.0.0.1:" + gateway.address().getPort() + ";serialization=json";
        try (Connection connection = driver.connect(url, new Properties());
                Statement statement = connection.createStatement()) {
            assertThat(rows(statement.executeQuery("select 'json' as s"))).containsExactly(List.of("json"));
        }
    }

    @Test
    void speaksTlsThroughItsOwnRelocatedOpenSsl() throws Exception {
        Class<?> openSsl = Class.forName("dev.sluice.jdbc.shaded.io.netty.handler.ssl.OpenSsl", true, loader);
        assertThat(openSsl.getMethod("isAvailable").invoke(null))
                .as("the relocated OpenSsl, beside the gateway's own Netty in this JVM")
                .isEqualTo(true);
        assertThat(io.netty.handler.ssl.OpenSsl.isAvailable())
                .as("the gateway's unrelocated OpenSsl")
                .isTrue();

        // ssl_provider=OPENSSL fails rather than falling back to the JDK's engine
        long handshakes = tlsGateway.connectionStats().tlsHandshakesSucceeded();
        try (Connection connection = driver.connect(files.url(tlsGateway, "OPENSSL"), new Properties());
                Statement statement = connection.createStatement()) {
            assertThat(rows(statement.executeQuery("select 'tls' as s"))).containsExactly(List.of("tls"));
        }
        assertThat(tlsGateway.connectionStats().tlsHandshakesSucceeded()).isGreaterThan(handshakes);
    }

    private static List<List<Object>> rows(ResultSet resultSet) throws SQLException {
        try (resultSet) {
            return ReferenceWorkload.rows(resultSet);
        }
    }
}
