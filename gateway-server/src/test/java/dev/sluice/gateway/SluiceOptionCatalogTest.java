package dev.sluice.gateway;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

final class SluiceOptionCatalogTest {
    @ParameterizedTest
    @CsvSource({
        "'', '', 0",
        "abc, abc, 0",
        "abc, '', 3",
        "'', abc, 3",
        "kitten, sitting, 3",
        "flaw, lawn, 2",
        "abc, abd, 1",
        "abc, ab, 1",
        "ab, abc, 1",
        "ABC, abc, 0",
        "sluice.serverr.port, sluice.server.port, 1",
        "sluice.server.prot, sluice.server.port, 2"
    })
    void computesCaseInsensitiveEditDistance(String a, String b, int expected) {
        assertThat(SluiceOptionCatalog.editDistance(a, b)).isEqualTo(expected);
        assertThat(SluiceOptionCatalog.editDistance(b, a)).isEqualTo(expected);
    }

    @Test
    void ignoresKeysOutsideTheNamespace() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("parallelism.default", List.of()))
                .isEmpty();
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluicex.server.port", List.of()))
                .isEmpty();
    }

    @Test
    void listsEveryOptionConstantOfEveryModule() {
        // the catalog's list is written by hand; this reads the options from the classes, so a constant added to an
        // *Options class and forgotten in the catalog (unvalidated at start, missing from the reference) fails here
        Set<String> declared = optionConstantsOfEveryModule();
        Set<String> listed = SluiceOptionCatalog.fixedOptions().stream()
                .map(ConfigOption::key)
                .collect(Collectors.toSet());

        assertThat(declared)
                .as("option constants of the modules' *Options classes")
                .isNotEmpty();
        assertThat(listed).containsAll(declared);
        assertThat(declared).containsAll(listed);
        assertThat(SluiceOptionCatalog.fixedOptions())
                .allSatisfy(option -> assertThat(SluiceOptionCatalog.findUnknownKeyProblem(option.key(), List.of()))
                        .isEmpty());
    }

    /**
     * The keys of the {@code public static ConfigOption} constants of every {@code *Options} class of the gateway's
     * modules, except the push sink's, which are the options of a sink inside a job, not the gateway's.
     */
    private static Set<String> optionConstantsOfEveryModule() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/dev/sluice/jdbc/"))
                .importPackages("dev.sluice");
        Set<String> keys = new TreeSet<>();
        for (JavaClass type : classes) {
            if (!type.getSimpleName().endsWith("Options")
                    || type.getPackageName().startsWith("dev.sluice.push")) {
                continue;
            }
            for (Field field : type.reflect().getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers)
                        && Modifier.isPublic(modifiers)
                        && ConfigOption.class.isAssignableFrom(field.getType())) {
                    try {
                        keys.add(((ConfigOption<?>) field.get(null)).key());
                    } catch (IllegalAccessException e) {
                        throw new AssertionError("Cannot read " + type.getName() + "." + field.getName(), e);
                    }
                }
            }
        }
        return keys;
    }

    @Test
    void knowsPerClusterOptionsOfDeclaredClusters() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.type", List.of("prod")))
                .isEmpty();
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.rest-address", List.of("prod")))
                .isEmpty();
        for (String suffix : List.of("zookeeper.quorum", "zookeeper.cluster-id", "zookeeper.root-path")) {
            assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod." + suffix, List.of("prod")))
                    .isEmpty();
        }
    }

    @Test
    void suggestsClosestKnownKey() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.session.max-session", List.of()))
                .hasValue("Unknown option sluice.session.max-session; did you mean sluice.session.max-sessions?");
    }

    @Test
    void namesAClusterThatIsNotDeclared() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.staging.type", List.of("prod", "local")))
                .hasValue("Unknown option sluice.cluster.staging.type: cluster 'staging' is not listed in"
                        + " sluice.clusters [prod, local]");
    }

    @Test
    void suggestsPerClusterKeyForDeclaredCluster() {
        assertThat(SluiceOptionCatalog.findUnknownKeyProblem("sluice.cluster.prod.typ", List.of("prod")))
                .hasValue("Unknown option sluice.cluster.prod.typ; did you mean sluice.cluster.prod.type?");
    }
}
