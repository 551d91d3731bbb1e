package dev.sluice.gateway;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No package cycle in the source of any module, read from the imports. ArchUnit's slice rule in
 * {@link ModuleDependencyRulesTest} reads bytecode, in which a constant of another package is inlined and leaves no
 * trace: a cycle made only by a constant (once {@code http} and {@code metrics}) passes it. The source does not
 * forget.
 */
final class SourcePackageCyclesTest {
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(?:static\\s+)?(dev\\.sluice(?:\\.[a-z]\\w*)*)\\.[A-Z]", Pattern.MULTILINE);

    @Test
    void noModuleHasAPackageCycleInItsImports() throws IOException {
        Path root = Path.of("..").toRealPath();
        List<Path> sourceRoots;
        try (Stream<Path> modules = Files.list(root)) {
            sourceRoots = modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .toList();
        }
        assertThat(sourceRoots).as("modules found under %s", root).hasSizeGreaterThan(5);

        List<String> cycles = new ArrayList<>();
        for (Path sources : sourceRoots) {
            findCycle(importsByPackage(sources)).ifPresent(cycle -> cycles.add(sources + ": " + cycle));
        }

        assertThat(cycles).isEmpty();
    }

    @Test
    void aCycleIsFoundAndAnAcyclicGraphPasses() {
        Map<String, Set<String>> imports =
                Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));

        assertThat(findCycle(imports)).hasValue("a -> b -> c -> a");
        assertThat(findCycle(Map.of("a", Set.of("b"), "b", Set.of()))).isEmpty();
    }

    /** Each package of {@code sources} and the packages of the same module it imports from. */
    private static Map<String, Set<String>> importsByPackage(Path sources) throws IOException {
        Map<String, Set<String>> imports = new HashMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                String text = read(file);
                Matcher declared = PACKAGE.matcher(text);
                if (!declared.find()) {
                    return;
                }
                Set<String> imported = imports.computeIfAbsent(declared.group(1), name -> new TreeSet<>());
                Matcher importLine = IMPORT.matcher(text);
                while (importLine.find()) {
                    if (!importLine.group(1).equals(declared.group(1))) {
                        imported.add(importLine.group(1));
                    }
                }
            });
        }
        imports.values().forEach(imported -> imported.retainAll(imports.keySet())); // this module's packages only
        return imports;
    }

    /** A cycle of {@code imports}, written {@code a -> b -> a}, if there is one. */
    static Optional<String> findCycle(Map<String, Set<String>> imports) {
        Set<String> done = new HashSet<>();
        for (String start : new TreeSet<>(imports.keySet())) {
            Optional<String> cycle = walk(start, imports, new ArrayList<>(), done);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> walk(
            String current, Map<String, Set<String>> imports, List<String> path, Set<String> done) {
        int seen = path.indexOf(current);
        if (seen >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(seen, path.size()));
            cycle.add(current);
            return Optional.of(String.join(" -> ", cycle));
        }
        if (done.contains(current)) {
            return Optional.empty();
        }
        path.add(current);
        for (String next : new TreeSet<>(imports.getOrDefault(current, Set.of()))) {
            Optional<String> cycle = walk(next, imports, path, done);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        path.remove(path.size() - 1);
        done.add(current);
        return Optional.empty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
