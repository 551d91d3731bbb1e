package dev.sluice.gateway;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Set;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameStartingWith;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The arrows between Sluice's modules, checked on the classes (docs/architecture.md): {@code gateway-server} →
 * {@code planner}, {@code jobs}, {@code session-cache}; {@code jobs} → {@code session-cache}, {@code push-sink},
 * {@code retry}; {@code push-sink} → Flink alone; every server module → {@code errors}, which depends on nothing; the
 * JDBC driver stands alone; HTTP (Netty) and the wire protocol (Avatica) stay in the gateway and the driver; and no
 * package of any module is part of a cycle.
 *
 * <p>It runs here because this module's test class path holds the main classes of every other module but the
 * benchmarks. With the dependency analysis, which fails on a declared module that no class uses, a wrong arrow in a
 * pom fails the build too.
 */
final class ModuleDependencyRulesTest {
    private static final String GATEWAY = "dev.sluice.gateway..";
    private static final String PLANNER = "dev.sluice.planner..";
    private static final String SESSION_CACHE = "dev.sluice.sessioncache..";
    private static final String JOBS = "dev.sluice.jobs..";
    private static final String PUSH_SINK = "dev.sluice.push..";
    private static final String RETRY = "dev.sluice.retry..";
    private static final String JDBC_DRIVER = "dev.sluice.jdbc..";
    private static final String ERRORS = "dev.sluice.errors..";
    private static final String NETTY =
            "io.netty.."; // Flink's shaded copy, org.apache.flink.shaded.netty4, is Flink's API
    private static final String AVATICA = "org.apache.calcite.avatica..";
    // by name: Flink's client classes are not on this module's test class path of their own
    private static final String CLUSTER_CLIENT = "org.apache.flink.client.program.ClusterClient";
    private static final String JOB_CLIENT = "org.apache.flink.core.execution.JobClient";

    // the types through which a class is given its time; a class given a poller measures its own time on the
    // poller's clock (ResultPoller.nanoClock), as the waits on a job do
    private static final Set<String> INJECTED_CLOCKS = Set.of(
            "java.time.Clock",
            "java.util.function.LongSupplier",
            "com.github.benmanes.caffeine.cache.Ticker",
            "dev.sluice.gateway.history.SessionClock",
            "dev.sluice.retry.ResultPoller");

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // from the package phase on the driver is its shaded jar: the libraries it bundles are not Sluice's
                // code
                .withImportOption(location -> !location.contains("/dev/sluice/jdbc/shaded/"))
                .importPackages("dev.sluice");
    }

    @Test
    void theJdbcDriverDependsOnNoOtherModule() {
        check(noClasses()
                .that()
                .resideInAPackage(JDBC_DRIVER)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(GATEWAY, PLANNER, SESSION_CACHE, JOBS, PUSH_SINK, RETRY, ERRORS));
    }

    @Test
    void nothingButTheGatewayDependsOnTheGateway() {
        check(noClasses()
                .that()
                .resideInAnyPackage(PLANNER, SESSION_CACHE, JOBS, PUSH_SINK, RETRY, JDBC_DRIVER, ERRORS)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(GATEWAY));
    }

    @Test
    void theErrorCodesDependOnNoOtherModule() {
        check(noClasses()
                .that()
                .resideInAPackage(ERRORS)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(PLANNER, SESSION_CACHE, JOBS, PUSH_SINK, RETRY, JDBC_DRIVER, "org.apache.flink.."));
    }

    @Test
    void thePlannerDependsOnNoOtherModule() {
        check(noClasses()
                .that()
                .resideInAPackage(PLANNER)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SESSION_CACHE, JOBS, PUSH_SINK, RETRY, JDBC_DRIVER));
    }

    @Test
    void theSessionCacheKnowsNothingOfJobsOrQueries() {
        check(noClasses()
                .that()
                .resideInAPackage(SESSION_CACHE)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(PLANNER, JOBS, PUSH_SINK, JDBC_DRIVER));
    }

    @Test
    void jobsDependOnTheSessionCacheThePushSinkAndRetryOnly() {
        check(noClasses()
                .that()
                .resideInAPackage(JOBS)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(PLANNER, JDBC_DRIVER));
    }

    @Test
    void thePushSinkDependsOnFlinkAlone() {
        // its jar ships with jobs to TaskManagers that have Flink and nothing of Sluice
        check(noClasses()
                .that()
                .resideInAPackage(PUSH_SINK)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(GATEWAY, PLANNER, SESSION_CACHE, JOBS, RETRY, JDBC_DRIVER, ERRORS));
    }

    @Test
    void retryDependsOnNoOtherModule() {
        check(noClasses()
                .that()
                .resideInAPackage(RETRY)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(PLANNER, SESSION_CACHE, JOBS, PUSH_SINK, JDBC_DRIVER));
    }

    @Test
    void neitherNettyNorAvaticaBelowTheGateway() {
        check(noClasses()
                .that()
                .resideInAnyPackage(PLANNER, SESSION_CACHE, JOBS, PUSH_SINK, RETRY)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(NETTY, AVATICA));
    }

    @Test
    void onlyTheJobsModuleCancelsOrStopsAJob() {
        // every call to a job goes through the jobs module, so that one place knows how a cancel is asked and waited;
        // a client that forwards every call to another (session-cache's shared client) only passes them on
        check(noClasses()
                .that()
                .resideOutsideOfPackage(JOBS)
                .and()
                .doNotImplement(CLUSTER_CLIENT)
                .and()
                .doNotImplement(JOB_CLIENT)
                .should()
                .callMethodWhere(target(name("cancel")).and(target(owner(assignableTo(JOB_CLIENT)))))
                .orShould()
                .callMethodWhere(target(name("cancel")).and(target(owner(assignableTo(CLUSTER_CLIENT)))))
                .orShould()
                .callMethodWhere(
                        target(nameStartingWith("stopWithSavepoint")).and(target(owner(assignableTo(CLUSTER_CLIENT)))))
                .orShould()
                .callMethodWhere(
                        target(nameStartingWith("stopWithSavepoint")).and(target(owner(assignableTo(JOB_CLIENT))))));
    }

    @Test
    void aClassGivenAClockDoesNotReadTheSystemClock() {
        // a class whose time is injected (so that its tests run on a fake clock) and that also reads the system's would
        // measure its delays on two clocks, and its tests would not control it
        DescribedPredicate<JavaClass> givenAClock = describe(
                "are given a clock",
                type -> type.getFields().stream()
                        .anyMatch(field -> !field.getModifiers().contains(JavaModifier.STATIC)
                                && INJECTED_CLOCKS.contains(field.getRawType().getName())));
        check(noClasses()
                .that(givenAClock)
                .should()
                .callMethod(System.class, "nanoTime")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .callMethod(Instant.class, "now"));
    }

    @Test
    void noPackageIsPartOfACycle() {
        // a cycle makes two packages one in all but name: neither can be read, moved or tested without the other
        slices().matching("dev.sluice.(**)")
                .should()
                .beFreeOfCycles()
                .because("a package cycle hides which of its packages is the lower one")
                .check(classes);
    }

    private static void check(ArchRule rule) {
        // an empty "that" fails too (ArchUnit's default), so a module missing from the class path cannot pass
        rule.because("of the module arrows in DESIGN.md").check(classes);
    }
}
