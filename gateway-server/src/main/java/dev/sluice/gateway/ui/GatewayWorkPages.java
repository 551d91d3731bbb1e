package dev.sluice.gateway.ui;

import dev.sluice.gateway.http.WebPages;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/** The web page at {@code /ui/} and the JSON API under {@code /api/} that shows the same. */
public final class GatewayWorkPages implements WebPages {
    private static final String HTML = "text/html; charset=UTF-8";
    private static final String JSON = "application/json; charset=UTF-8";

    private final WorkPage page;
    private final WorkJson json;

    public GatewayWorkPages(GatewayWork work, String version) {
        requireNonNull(work, "work is null");
        this.page = new WorkPage(work, version);
        this.json = new WorkJson(work);
    }

    @Override
    public Optional<Page> render(String path) {
        return switch (path) {
            case "/ui", "/ui/" -> Optional.of(new Page(HTML, page.render().getBytes(StandardCharsets.UTF_8)));
            case "/api/queries" -> Optional.of(new Page(JSON, json.queries()));
            case "/api/sessions" -> Optional.of(new Page(JSON, json.sessions()));
            case "/api/clusters" -> Optional.of(new Page(JSON, json.clusters()));
            default -> Optional.empty();
        };
    }
}
