package dev.sluice.jdbc.transport;

import java.nio.file.Path;

import static java.util.Objects.requireNonNull;

/**
 * A key or trust store file.
 *
 * @param path the file
 * @param password its password; redacted by {@link #toString()}
 * @param type PKCS12 or JKS
 */
public record StoreFile(Path path, String password, String type) {
    /** Creates a store file. */
    public StoreFile {
        requireNonNull(path, "path is null");
        requireNonNull(password, "password is null");
        requireNonNull(type, "type is null");
    }

    @Override
    public String toString() {
        return "StoreFile[path=" + path + ", type=" + type + "]";
    }
}
