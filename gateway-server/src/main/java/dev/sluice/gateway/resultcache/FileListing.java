package dev.sluice.gateway.resultcache;

import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The version of a filesystem table's data: the listing of its files under its path (partition directories
 * included), each with its size and modification time, as one digest.
 *
 * <p>A file whose modification time is within the quiet period before now may still be written, or be rewritten
 * within the resolution of the file system's times and look unchanged: then the version cannot be told, and no
 * result is cached or served. A listing of more than {@value #MAX_FILES} files is not read at all.
 */
final class FileListing implements VersionSource {
    static final int MAX_FILES = 10_000;

    private final Path root;
    private final Duration quietPeriod;
    private final Clock clock;

    /**
     * @param path the table's {@code path} option: a file or a directory, with or without a scheme
     * @param quietPeriod how long every file must have been unchanged
     */
    FileListing(String path, Duration quietPeriod, Clock clock) {
        this.root = new Path(requireNonNull(path, "path is null"));
        this.quietPeriod = requireNonNull(quietPeriod, "quietPeriod is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    @Override
    public String read() {
        List<FileStatus> files;
        try {
            files = list(root.getFileSystem());
        } catch (IOException e) {
            throw new UnknownVersionException("the files of " + root + " cannot be listed", e);
        }
        long quietSince = clock.millis() - quietPeriod.toMillis();
        MessageDigest digest = sha256();
        files.sort((a, b) -> a.getPath().toString().compareTo(b.getPath().toString()));
        for (FileStatus file : files) {
            if (file.getModificationTime() > quietSince) {
                throw new UnknownVersionException(file.getPath() + " changed less than " + quietPeriod + " ago");
            }
            digest.update((file.getPath() + "|" + file.getLen() + "|" + file.getModificationTime() + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        return "files " + files.size() + " " + HexFormat.of().formatHex(digest.digest());
    }

    private List<FileStatus> list(FileSystem fileSystem) throws IOException {
        List<FileStatus> files = new ArrayList<>();
        if (!fileSystem.exists(root)) {
            return files; // the connector reads nothing there; a file that appears changes the listing
        }
        Deque<FileStatus> pending = new ArrayDeque<>(List.of(fileSystem.getFileStatus(root)));
        while (!pending.isEmpty()) {
            FileStatus status = pending.pop();
            if (!status.isDir()) {
                files.add(status);
                if (files.size() > MAX_FILES) {
                    throw new UnknownVersionException(root + " holds more than " + MAX_FILES + " files");
                }
                continue;
            }
            FileStatus[] children = fileSystem.listStatus(status.getPath());
            if (children != null) {
                pending.addAll(List.of(children));
            }
        }
        return files;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-256", e);
        }
    }
}
