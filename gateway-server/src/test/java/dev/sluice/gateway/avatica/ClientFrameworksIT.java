package dev.sluice.gateway.avatica;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.jooq.DSLContext;
import org.jooq.Record1;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What applications put in front of a JDBC driver, unchanged, on the Sluice driver: a HikariCP pool (which validates,
 * resets and evicts connections by what the driver answers), Spring's JdbcTemplate and transactions (which roll back
 * on a failure), and jOOQ's query builder (which binds LIMIT and OFFSET). Each used to fail in its first minutes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ClientFrameworksIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // a view the queries read, made on each new connection of the pool (a session's own objects die with it)
    private static final String NUMBERS =
            "create temporary view numbers (n, word) as values (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four')";

    private HikariDataSource pool;

    @BeforeAll
    void startPool() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(gateway.jdbcUrl());
        config.setMaximumPoolSize(3);
        config.setConnectionInitSql(NUMBERS);
        // as applications set them: Hikari resets each on return, through the driver
        config.setAutoCommit(true);
        config.setReadOnly(false);
        config.setCatalog("default_catalog");
        config.setSchema("default_database");
        pool = new HikariDataSource(config);
    }

    @AfterAll
    void closePool() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void aPoolLendsValidatesAndTakesBackConnectionsWithoutEvictingThem() throws Exception {
        for (int round = 0; round < 10; round++) {
            try (Connection connection = pool.getConnection()) {
                connection.setReadOnly(round % 2 == 0); // changed by the application, reset by the pool
                assertThat(connection.isValid(5)).isTrue();
                assertThat(connection.getCatalog()).isEqualTo("default_catalog");
                assertThat(connection.getSchema()).isEqualTo("default_database");
            }
        }
        assertThat(pool.getHikariPoolMXBean().getTotalConnections())
                .as("connections opened: none evicted and replaced")
                .isLessThanOrEqualTo(3);
    }

    @Test
    void springsJdbcTemplateBindsParametersAndATransactionRollsBackOnTheApplicationsFailure() {
        JdbcTemplate jdbc = new JdbcTemplate(pool);
        List<Map<String, Object>> rows = jdbc.queryForList("select n, word from numbers where n > ? order by n", 2);
        assertThat(rows).extracting(row -> row.get("word")).containsExactly("three", "four");
        assertThat(jdbc.queryForObject("select count(*) from numbers where word like ?", Long.class, "t%"))
                .isEqualTo(2L);

        TransactionTemplate transaction = new TransactionTemplate(new DataSourceTransactionManager(pool));
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                    jdbc.queryForList("select n from numbers");
                    throw new IllegalStateException("the application's own failure");
                }))
                .as("the application's exception, not one of the rollback")
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the application's own failure");
        Integer largest =
                transaction.execute(status -> jdbc.queryForObject("select max(n) from numbers", Integer.class));
        assertThat(largest).isEqualTo(4);
    }

    @Test
    void jooqBindsLimitAndOffsetAndReadsTypedRows() {
        DSLContext jooq =
                DSL.using(pool, SQLDialect.DEFAULT, new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER));

        List<String> page = jooq.select(DSL.field("word", String.class))
                .from(DSL.table("numbers"))
                .where(DSL.field("n", Integer.class).ge(1))
                .orderBy(DSL.field("n"))
                .limit(2)
                .offset(1)
                .fetch(Record1::value1);

        assertThat(page).containsExactly("two", "three");
        assertThat(jooq.fetchValue(DSL.select(DSL.count()).from(DSL.table("numbers"))))
                .isEqualTo(4);
    }

    @Test
    void aPoolWithItsDefaultsCarriesOnAcrossARestartOfTheGateway() throws Exception {
        SluiceGateway first = GATEWAYS.start(Map.of());
        int port = first.address().getPort();
        HikariConfig config = new HikariConfig(); // Hikari's defaults, but for the init SQL and a small pool
        config.setJdbcUrl(first.jdbcUrl());
        config.setMaximumPoolSize(2);
        config.setConnectionInitSql(NUMBERS);
        try (HikariDataSource restarted = new HikariDataSource(config)) {
            JdbcTemplate jdbc = new JdbcTemplate(restarted);
            assertThat(jdbc.queryForObject("select count(*) from numbers", Long.class))
                    .isEqualTo(4L);

            first.close();
            SluiceGateway second = GATEWAYS.start(Map.of("sluice.server.port", String.valueOf(port)));
            assertThat(second.address().getPort()).isEqualTo(port);
            // Hikari asks isValid of a connection idle for more than its aliveBypassWindowMs (500 ms) before lending
            // it; the driver answers false for a session the restart took away, and the pool opens a new one
            Thread.sleep(600);

            for (int i = 0; i < 4; i++) {
                assertThat(jdbc.queryForObject("select count(*) from numbers where n > ?", Long.class, 2))
                        .as("query %d after the restart", i)
                        .isEqualTo(2L);
            }
            assertThat(restarted.getHikariPoolMXBean().getTotalConnections()).isLessThanOrEqualTo(2);
        }
    }
}
