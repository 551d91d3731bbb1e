package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The connector and format jars of {@code sluice.lib.dirs}, listed once at start.
 *
 * @param jars every {@code *.jar} of the folders, by folder in the order given and by name within one
 */
public record LibraryConfig(List<Path> jars) {
    public LibraryConfig {
        jars = List.copyOf(jars);
    }

    /** @throws IllegalArgumentException naming each entry that is not a readable folder */
    public static LibraryConfig from(ReadableConfig config) {
        List<Path> jars = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String entry : config.get(LibraryOptions.DIRS)) {
            Path dir = Path.of(entry).toAbsolutePath().normalize();
            if (!Files.isDirectory(dir) || !Files.isReadable(dir)) {
                problems.add(
                        LibraryOptions.DIRS.key() + " entry '" + entry + "' is not a readable folder (" + dir + ")");
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                        .filter(Files::isRegularFile)
                        .sorted()
                        .forEach(jars::add);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + dir, e);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new LibraryConfig(jars);
    }
}
