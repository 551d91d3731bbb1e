package dev.sluice.gateway.tls;

import java.nio.file.Path;

import static java.util.Objects.requireNonNull;

/**
 * A PKCS#12 key or trust store and its password.
 *
 * @param password the store's password; redacted by {@link #toString()}
 */
public record KeyStoreFile(Path path, String password) {
    public KeyStoreFile {
        requireNonNull(path, "path is null");
        requireNonNull(password, "password is null");
    }

    @Override
    public String toString() {
        return "KeyStoreFile[path=" + path + ", password=(redacted)]";
    }
}
