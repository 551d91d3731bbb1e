package dev.sluice.gateway.resultcache;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The version of a filesystem table's files, on a real directory and a fixed clock. */
final class FileListingTest {
    private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");
    private static final Instant AN_HOUR_AGO = NOW.minus(Duration.ofHours(1));

    @TempDir
    Path table;

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void isTheSameWhileNoFileChanged() throws IOException {
        write("a.csv", "1,ada\n", AN_HOUR_AGO);
        write("part=2/b.csv", "2,grace\n", AN_HOUR_AGO);
        FileListing listing = listing(table);

        assertThat(listing.read()).isEqualTo(listing.read()).startsWith("files 2 ");
    }

    @Test
    void changesWithAFileAddedRemovedGrownOrTouched() throws IOException {
        write("a.csv", "1,ada\n", AN_HOUR_AGO);
        FileListing listing = listing(table);
        String before = listing.read();

        write("b.csv", "2,grace\n", AN_HOUR_AGO);
        String added = listing.read();
        assertThat(added).isNotEqualTo(before);

        write("b.csv", "2,grace,hopper\n", AN_HOUR_AGO);
        String grown = listing.read();
        assertThat(grown).isNotEqualTo(added);

        Files.setLastModifiedTime(table.resolve("b.csv"), FileTime.from(AN_HOUR_AGO.plusSeconds(1)));
        String touched = listing.read();
        assertThat(touched).isNotEqualTo(grown);

        Files.delete(table.resolve("b.csv"));
        assertThat(listing.read()).isEqualTo(before);
    }

    @Test
    void cannotBeToldWhileAFileChangedWithinTheQuietPeriod() throws IOException {
        write("a.csv", "1,ada\n", AN_HOUR_AGO);
        write("b.csv", "2,grace\n", NOW.minusSeconds(3));

        assertThatThrownBy(() -> listing(table).read())
                .isInstanceOf(UnknownVersionException.class)
                .hasMessageContaining("b.csv changed less than PT5S ago");
        assertThat(new FileListing(table.toString(), Duration.ofSeconds(2), clock).read())
                .startsWith("files 2 ");
    }

    @Test
    void readsASingleFileAndAPathWithAScheme() throws IOException {
        write("only.csv", "1,ada\n", AN_HOUR_AGO);

        assertThat(listing(table.resolve("only.csv")).read()).startsWith("files 1 ");
        assertThat(new FileListing(table.toUri().toString(), Duration.ofSeconds(5), clock).read())
                .isEqualTo(listing(table).read());
    }

    @Test
    void aMissingPathHoldsNoFilesUntilOneAppears() throws IOException {
        FileListing listing = listing(table.resolve("later"));
        String empty = listing.read();

        write("later/a.csv", "1,ada\n", AN_HOUR_AGO);

        assertThat(empty).startsWith("files 0 ");
        assertThat(listing.read()).startsWith("files 1 ");
    }

    private FileListing listing(Path path) {
        return new FileListing(path.toString(), Duration.ofSeconds(5), clock);
    }

    private void write(String name, String content, Instant modified) throws IOException {
        Path file = table.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }
}
