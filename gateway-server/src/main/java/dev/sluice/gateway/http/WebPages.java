package dev.sluice.gateway.http;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/** The gateway's web page and its JSON API, by path; rendered on the RPC executor. */
public interface WebPages {
    /** The paths this serves start with one of these. */
    String UI_PREFIX = "/ui";

    String API_PREFIX = "/api/";

    /** The page at {@code path}, or empty when there is none. */
    Optional<Page> render(String path);

    /** One rendered page. */
    record Page(String contentType, byte[] body) {
        public Page {
            requireNonNull(contentType, "contentType is null");
            requireNonNull(body, "body is null");
        }
    }
}
