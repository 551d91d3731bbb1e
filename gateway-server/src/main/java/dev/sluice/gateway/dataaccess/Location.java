package dev.sluice.gateway.dataaccess;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * A place a statement names, normalised as the system that opens it would resolve it: a local file with {@code ..}
 * and symbolic links resolved step by step (as the operating system walks a path, so {@code link/..} is the link's
 * target's parent), or a URI of another scheme with its dot segments resolved. Only the metadata of existing files is
 * read; nothing is opened or created.
 */
sealed interface Location {
    // a scheme of two characters or more: one letter would be a Windows drive
    Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:");

    /** Whether this place is {@code prefix} or lies under it. */
    boolean isWithin(Location prefix);

    /** A file on the machine that opens it. */
    record LocalFile(Path path) implements Location {
        @Override
        public boolean isWithin(Location prefix) {
            return prefix instanceof LocalFile file && path.startsWith(file.path);
        }

        /** Whether one of the two lies in the other: a table over a directory reads every file below it. */
        boolean overlaps(LocalFile other) {
            return path.startsWith(other.path) || other.path.startsWith(path);
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    /** A place of another file system or service ({@code hdfs://host:port/path}, {@code s3://bucket/key}). */
    record Remote(String scheme, String authority, Path path) implements Location {
        @Override
        public boolean isWithin(Location prefix) {
            return prefix instanceof Remote remote
                    && scheme.equals(remote.scheme)
                    && authority.equals(remote.authority)
                    && path.startsWith(remote.path);
        }

        @Override
        public String toString() {
            return scheme + "://" + authority + path;
        }
    }

    /**
     * Parses {@code text}: a path (relative ones against {@code workingDirectory}, where the gateway and its embedded
     * cluster resolve them), a {@code file:} URI or a URI with an authority.
     *
     * @throws IllegalArgumentException if {@code text} is none of these, or leaves its root through {@code ..}
     */
    static Location parse(String text, Path workingDirectory) {
        requireNonNull(text, "text is null");
        String location = text.strip();
        if (location.isEmpty() || location.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("an empty location or one with control characters");
        }
        if (!SCHEME.matcher(location).find()) {
            return new LocalFile(resolve(workingDirectory, path(location)));
        }
        URI uri;
        try {
            uri = new URI(location);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URI: " + e.getReason());
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("jdbc") && uri.isOpaque()) {
            // jdbc:postgresql://host:port/db: the driver's own URI, under the driver's name
            Location inner = parse(uri.getRawSchemeSpecificPart(), workingDirectory);
            if (inner instanceof Remote remote) {
                return new Remote("jdbc:" + remote.scheme(), remote.authority(), remote.path());
            }
            throw new IllegalArgumentException("a JDBC URL without a host");
        }
        if (uri.isOpaque() || uri.getPath() == null) {
            throw new IllegalArgumentException("a URI without a path (" + scheme + ":...)");
        }
        if (scheme.equals("file")) {
            String host = uri.getAuthority();
            if (host != null && !host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                throw new IllegalArgumentException("a file URI of another host");
            }
            return new LocalFile(resolve(workingDirectory, path(uri.getPath())));
        }
        if (uri.getRawAuthority() == null) {
            throw new IllegalArgumentException("a " + scheme + " URI without a host");
        }
        Path path = path(uri.getPath().isEmpty() ? "/" : uri.getPath());
        Path normalized = path.normalize();
        if (!normalized.isAbsolute()
                || normalized.startsWith("..")
                || normalized.toString().contains("/../")) {
            throw new IllegalArgumentException("a path that climbs above its root");
        }
        return new Remote(scheme, uri.getRawAuthority().toLowerCase(Locale.ROOT), normalized);
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("not a valid path: " + e.getReason());
        }
    }

    /**
     * {@code path}'s absolute, real form: each step that exists has its links resolved before the next step applies, so
     * that {@code ..} after a link leaves the link's target as the system would; the steps that do not exist yet are
     * taken as written.
     */
    private static Path resolve(Path workingDirectory, Path path) {
        Path absolute = path.isAbsolute() ? path : workingDirectory.resolve(path);
        Path current = absolute.getRoot();
        boolean exists = true;
        for (Path step : absolute) {
            String name = step.toString();
            if (name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            current = current.resolve(step);
            if (exists && Files.exists(current, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    current = current.toRealPath();
                } catch (java.io.IOException e) {
                    exists = false; // a dangling link or no permission: taken as written from here on
                }
            } else {
                exists = false;
            }
        }
        return current;
    }
}
