package dev.sluice.gateway.http;

import dev.sluice.gateway.security.GatewayUser;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/** The gateway's web page and its JSON API, by path; rendered on the RPC executor. */
public interface WebPages {
    /** The paths this serves start with one of these. */
    String UI_PREFIX = "/ui";

    String API_PREFIX = "/api/";

    /** No pages: every path is answered 404. */
    WebPages NONE = new WebPages() {
        @Override
        public Optional<Page> render(String path, GatewayUser user) {
            return Optional.empty();
        }

        @Override
        public Optional<Page> post(String path, GatewayUser user) {
            return Optional.empty();
        }
    };

    /** The page at {@code path} as {@code user} may see it (their own sessions), or empty when there is none. */
    Optional<Page> render(String path, GatewayUser user);

    /**
     * Does what a {@code POST} to {@code path} asks (cancel a query of {@code user}'s) and answers, or empty when there
     * is nothing.
     */
    Optional<Page> post(String path, GatewayUser user);

    /** One rendered page. */
    record Page(String contentType, byte[] body) {
        public Page {
            requireNonNull(contentType, "contentType is null");
            requireNonNull(body, "body is null");
        }
    }
}
