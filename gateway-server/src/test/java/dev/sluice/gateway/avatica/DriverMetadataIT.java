package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code DatabaseMetaData} tells a BI tool the truth about Flink SQL: its keywords and the JDBC escape functions come
 * from Flink's own parser, for every Avatica client, and Sluice's driver reports the URL it was given.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class DriverMetadataIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void keywordsAndFunctionsAreFlinkSqls(ClientDriver driver) throws SQLException {
        try (Connection connection = DriverManager.getConnection(driver.url(gateway))) {
            DatabaseMetaData metaData = connection.getMetaData();

            assertThat(words(metaData.getSQLKeywords()))
                    .as("keywords of Flink's parser beyond SQL:2003")
                    .contains("WATERMARK", "CATALOGS")
                    .doesNotContain("SELECT");
            assertThat(words(metaData.getNumericFunctions())).contains("ABS", "MOD", "SQRT");
            assertThat(words(metaData.getStringFunctions())).contains("CONCAT", "UCASE");
            assertThat(words(metaData.getTimeDateFunctions())).contains("CURDATE", "YEAR");
            assertThat(words(metaData.getSystemFunctions())).contains("IFNULL");
        }
    }

    @Test
    void theUrlIsTheOneConnectedWithLessItsSecrets() throws SQLException {
        String url = gateway.jdbcUrl() + ";cluster=nowhere";
        try (Connection connection = DriverManager.getConnection(url, "someone", "secret")) {
            assertThat(connection.getMetaData().getURL()).isEqualTo(url);
        }
    }

    /**
     * A desktop tool's browse calls every method of {@code DatabaseMetaData}; each answers, none with Avatica's "todo"
     * or a failure that a pool takes for a dead connection. Arguments are the simplest valid ones: null patterns,
     * the forward-only type, read-only concurrency, holdability over commit.
     */
    @Test
    void everyDatabaseMetaDataMethodAnswers() throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            DatabaseMetaData metaData = connection.getMetaData();
            List<String> failures = new ArrayList<>();
            for (Method method : DatabaseMetaData.class.getMethods()) {
                if (method.getName().equals("unwrap") || method.getName().equals("isWrapperFor")) {
                    continue;
                }
                Object[] arguments = Arrays.stream(method.getParameterTypes())
                        .map(DriverMetadataIT::simplestArgument)
                        .toArray();
                if (method.getName().equals("getPrimaryKeys")) {
                    arguments[2] = "t"; // the one method whose table name JDBC does not let be null
                }
                try {
                    Object answer = method.invoke(metaData, arguments);
                    if (answer instanceof ResultSet rows) {
                        rows.close();
                    }
                } catch (InvocationTargetException e) {
                    failures.add(method.getName() + ": " + e.getCause());
                }
            }
            assertThat(failures).isEmpty();
            assertThat(metaData.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT))
                    .isTrue();
            assertThat(metaData.getResultSetHoldability()).isEqualTo(ResultSet.HOLD_CURSORS_OVER_COMMIT);
            assertThat(metaData.ownUpdatesAreVisible(ResultSet.TYPE_FORWARD_ONLY))
                    .isFalse();
            assertThat(connection.isValid(5))
                    .as("nothing above broke the connection")
                    .isTrue();
        }
    }

    @Test
    void versionsAreTheDriversAndFlinks() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            DatabaseMetaData metaData = connection.getMetaData();
            String flink = org.apache.flink.runtime.util.EnvironmentInformation.getVersion();
            assertThat(metaData.getDriverVersion())
                    .doesNotContain("development")
                    .matches("\\d+\\.\\d+.*");
            assertThat(metaData.getDriverVersion())
                    .startsWith(metaData.getDriverMajorVersion() + "." + metaData.getDriverMinorVersion());
            assertThat(metaData.getDatabaseMajorVersion() + "." + metaData.getDatabaseMinorVersion())
                    .as("the database is Flink's SQL")
                    .isEqualTo(flink.substring(0, flink.indexOf('.', flink.indexOf('.') + 1)));
            assertThat(metaData.getDatabaseProductVersion()).isEqualTo(flink);
            assertThat(metaData.getDatabaseProductName()).isEqualTo("Sluice on Apache Flink");
        }
    }

    @Test
    void clientInfoNativeSqlAndTheTypeMapAnswer() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            connection.setClientInfo("ApplicationName", "DBeaver 25.1");
            assertThat(connection.getClientInfo("ApplicationName")).isEqualTo("DBeaver 25.1");
            Properties info = new Properties();
            info.setProperty("ClientUser", "ada");
            connection.setClientInfo(info);
            assertThat(connection.getClientInfo()).containsOnlyKeys("ClientUser");

            String sql = "select `x` from t where y = '?' -- comment";
            assertThat(connection.nativeSQL(sql)).isEqualTo(sql);
            assertThat(connection.getTypeMap()).isEmpty();
            connection.setTypeMap(new HashMap<>());
            assertThatThrownBy(() -> connection.setTypeMap(Map.of("point", Object.class)))
                    .satisfies(hasSqlState("0A000"));
            assertThat(connection.isValid(5)).isTrue();
        }
    }

    private static Object simplestArgument(Class<?> type) {
        if (type == int.class) {
            return ResultSet.TYPE_FORWARD_ONLY;
        }
        if (type == boolean.class) {
            return false;
        }
        return null;
    }

    private static List<String> words(String list) {
        return Arrays.asList(list.split(","));
    }
}
