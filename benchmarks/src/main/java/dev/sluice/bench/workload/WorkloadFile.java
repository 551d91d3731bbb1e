package dev.sluice.bench.workload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds and parses a workload: a YAML file by path, or a workload shipped in this jar by name (under
 * {@value #SHIPPED}).
 */
public final class WorkloadFile {
    static final String SHIPPED = "/dev/sluice/bench/workload/";

    /** The workloads this jar ships, by name. */
    public static final List<String> SHIPPED_NAMES = List.of("bi");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private WorkloadFile() {}

    /** The workload in the file {@code nameOrPath}, or else the shipped workload of that name. */
    public static Workload load(String nameOrPath) throws IOException {
        Path file = Path.of(nameOrPath);
        if (Files.isRegularFile(file)) {
            return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        }
        if (SHIPPED_NAMES.contains(nameOrPath)) {
            return shipped(nameOrPath);
        }
        throw new IllegalArgumentException("--workload must be a workload file or one of the shipped workloads "
                + SHIPPED_NAMES + ", was '" + nameOrPath + "'");
    }

    /** The shipped workload {@code name}. */
    static Workload shipped(String name) throws IOException {
        String resource = SHIPPED + name + ".yaml";
        try (InputStream in = WorkloadFile.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the benchmarks jar lacks " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name + ".yaml (shipped)");
        }
    }

    /** Parses the text of a workload file; {@code source} names it in messages. */
    static Workload parse(String yaml, String source) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new InvalidWorkloadException("workload " + source + " is not valid YAML: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new InvalidWorkloadException("workload " + source + " is empty");
        }
        return Workload.from(YamlNode.root(root, source));
    }
}
