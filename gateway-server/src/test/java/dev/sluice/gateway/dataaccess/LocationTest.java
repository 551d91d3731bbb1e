package dev.sluice.gateway.dataaccess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How a location is normalised before the policy compares it, against what the operating system resolves. */
final class LocationTest {
    @TempDir
    Path root;

    @Test
    void randomPathsWithDotsAndLinksAreWithinTheAllowedDirectoryExactlyWhenTheSystemResolvesThemThere()
            throws Exception {
        Path allowed = Files.createDirectories(root.resolve("allowed/a/b"));
        Files.createDirectories(root.resolve("allowed/c"));
        Files.createDirectories(root.resolve("outside/d"));
        Files.writeString(root.resolve("outside/d/secret"), "x");
        Files.writeString(root.resolve("allowed/a/b/data"), "x");
        Files.createSymbolicLink(root.resolve("allowed/a/out"), root.resolve("outside"));
        Files.createSymbolicLink(root.resolve("allowed/c/in"), root.resolve("allowed/a"));
        Files.createSymbolicLink(root.resolve("outside/back"), root.resolve("allowed"));
        Location prefix = Location.parse(root.resolve("allowed").toString(), root);
        Path allowedReal = root.resolve("allowed").toRealPath();
        List<String> steps =
                List.of("a", "b", "c", "d", "in", "out", "back", "data", "secret", "..", ".", "allowed", "outside");
        Random random = new Random(20261128L);
        int existing = 0;
        for (int i = 0; i < 50_000; i++) {
            StringBuilder path = new StringBuilder(random.nextBoolean() ? "allowed" : "outside");
            int length = 1 + random.nextInt(6);
            for (int j = 0; j < length; j++) {
                path.append(random.nextInt(10) == 0 ? "//" : "/").append(steps.get(random.nextInt(steps.size())));
            }
            Path asWritten = root.resolve(path.toString());
            if (!Files.exists(asWritten)) {
                continue;
            }
            existing++;
            boolean systemSaysWithin = asWritten.toRealPath().startsWith(allowedReal);
            String text = random.nextBoolean()
                    ? asWritten.toString()
                    : asWritten.toUri().toString();
            assertThat(Location.parse(text, root).isWithin(prefix))
                    .as("%s resolves to %s", text, asWritten.toRealPath())
                    .isEqualTo(systemSaysWithin);
        }
        assertThat(existing).as("paths that exist, checked against the system").isGreaterThan(2000);
        assertThat(allowed).exists();
    }

    @Test
    void aRelativePathIsResolvedAgainstTheWorkingDirectory() throws Exception {
        Files.createDirectories(root.resolve("docs/quickstart"));
        Location prefix = Location.parse("docs/quickstart", root);

        assertThat(Location.parse("docs/quickstart/orders.csv", root).isWithin(prefix))
                .isTrue();
        assertThat(Location.parse("docs/quickstart/../../etc", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse(root.resolve("docs/quickstart/x").toString(), root)
                        .isWithin(prefix))
                .isTrue();
    }

    @Test
    void aRemoteLocationIsWithinAPrefixOfTheSameSchemeHostAndPathOnly() {
        Location prefix = Location.parse("hdfs://namenode:8020/data/", root);

        assertThat(Location.parse("hdfs://namenode:8020/data/orders", root).isWithin(prefix))
                .isTrue();
        assertThat(Location.parse("HDFS://NameNode:8020/data/orders", root).isWithin(prefix))
                .isTrue();
        assertThat(Location.parse("hdfs://namenode:8020/database", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("hdfs://namenode:8021/data/orders", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("hdfs://namenode:8020@evil:8020/data/x", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("webhdfs://namenode:8020/data/x", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("hdfs://namenode:8020/data/./x", root).isWithin(prefix))
                .isTrue();
        assertThat(Location.parse("hdfs://namenode:8020/data/../../x", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("hdfs://namenode:8020/data/%2e%2e/x", root).isWithin(prefix))
                .as("an encoded dot segment is a dot segment")
                .isFalse();
    }

    @Test
    void aJdbcUrlIsJudgedByItsServerAndDatabase() {
        Location prefix = Location.parse("jdbc:postgresql://db:5432/sales", root);

        assertThat(Location.parse("jdbc:postgresql://db:5432/sales?ssl=true", root)
                        .isWithin(prefix))
                .isTrue();
        assertThat(Location.parse("jdbc:postgresql://db:5432/hr", root).isWithin(prefix))
                .isFalse();
        assertThat(Location.parse("jdbc:mysql://db:5432/sales", root).isWithin(prefix))
                .isFalse();
    }

    @Test
    void whatIsNotALocationIsRefusedRatherThanGuessed() {
        for (String text : List.of("", "  ", "file://otherhost/etc/passwd", "s3:bucket", "hdfs:/no-host", "a\u0000b")) {
            assertThatThrownBy(() -> Location.parse(text, root)).as(text).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
