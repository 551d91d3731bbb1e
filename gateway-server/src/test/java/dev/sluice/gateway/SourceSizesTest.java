package dev.sluice.gateway;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The map stays readable: no main class over 400 lines and no main package over 30 types, in every module. The
 * classes exempted only forward an interface that is that long, as their javadoc says.
 */
final class SourceSizesTest {
    private static final int MAX_LINES = 400;
    private static final int MAX_TYPES = 30;
    // forwarding classes, long because the interface they forward is (ResultSet)
    private static final Set<String> FORWARDING = Set.of("DelegatingResultSet.java");

    @Test
    void noMainClassIsLongerThan400LinesAndNoPackageHoldsMoreThan30Types() throws IOException {
        List<Path> sources = mainSources();
        assertThat(sources).as("main sources found").hasSizeGreaterThan(100);

        Map<Path, Long> tooLong = new TreeMap<>();
        for (Path source : sources) {
            long lines = lines(source);
            if (lines > MAX_LINES && !FORWARDING.contains(source.getFileName().toString())) {
                tooLong.put(source, lines);
            }
        }
        Map<Path, Long> tooBig = sources.stream()
                .filter(source -> !source.getFileName().toString().equals("package-info.java"))
                .collect(Collectors.groupingBy(Path::getParent, TreeMap::new, Collectors.counting()));
        tooBig.values().removeIf(types -> types <= MAX_TYPES);

        assertThat(tooLong).as("main classes over %d lines", MAX_LINES).isEmpty();
        assertThat(tooBig).as("main packages over %d types", MAX_TYPES).isEmpty();
    }

    private static List<Path> mainSources() throws IOException {
        Path root = Path.of("..").toRealPath();
        try (Stream<Path> modules = Files.list(root)) {
            return modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    // the benchmarks are programs of their own, not the product's map
                    .filter(sources -> !sources.startsWith(root.resolve("benchmarks")))
                    .flatMap(SourceSizesTest::javaFiles)
                    .toList();
        }
    }

    private static Stream<Path> javaFiles(Path sources) {
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(file -> file.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(Path source) {
        try (Stream<String> lines = Files.lines(source)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
