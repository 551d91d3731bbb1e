package dev.sluice.gateway.ui;

import dev.sluice.gateway.http.WebPages;
import dev.sluice.gateway.security.GatewayUser;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/** The web page at {@code /ui/} and the JSON API under {@code /api/} that shows the same. */
public final class GatewayWorkPages implements WebPages {
    private static final String HTML = "text/html; charset=UTF-8";
    private static final String JSON = "application/json; charset=UTF-8";

    private static final Pattern CANCEL = Pattern.compile("/api/queries/([0-9A-Za-z-]{1,64})/([0-9]{1,9})/cancel");
    private static final Pattern STATEMENT = Pattern.compile("/api/queries/([0-9A-Za-z-]{1,64})/([0-9]{1,9})");

    private final GatewayWork allWork;
    private final String version;

    public GatewayWorkPages(GatewayWork work, String version) {
        this.allWork = requireNonNull(work, "work is null");
        this.version = requireNonNull(version, "version is null");
    }

    @Override
    public Optional<Page> render(String path, GatewayUser user) {
        GatewayWork work = allWork.viewedBy(user);
        WorkPage page = new WorkPage(work, version);
        WorkJson json = new WorkJson(work);
        Matcher statement = STATEMENT.matcher(path);
        if (statement.matches()) {
            return json.query(statement.group(1), Integer.parseInt(statement.group(2)))
                    .map(body -> new Page(JSON, body));
        }
        return switch (path) {
            case "/ui", "/ui/" -> Optional.of(new Page(HTML, page.render().getBytes(StandardCharsets.UTF_8)));
            case "/api/queries" -> Optional.of(new Page(JSON, json.queries()));
            case "/api/sessions" -> Optional.of(new Page(JSON, json.sessions()));
            case "/api/clusters" -> Optional.of(new Page(JSON, json.clusters()));
            default -> Optional.empty();
        };
    }

    @Override
    public Optional<Page> post(String path, GatewayUser user) {
        GatewayWork work = allWork.viewedBy(user);
        Matcher cancel = CANCEL.matcher(path);
        if (!cancel.matches() || !work.cancel(cancel.group(1), Integer.parseInt(cancel.group(2)))) {
            return Optional.empty();
        }
        // the page's cancel button posts here too: send the browser back to the page
        String body = "<!DOCTYPE html><meta http-equiv=\"refresh\" content=\"0; url=/ui/\">"
                + "<p>Cancelled statement " + cancel.group(2) + " of session " + WorkPage.escape(cancel.group(1))
                + ". <a href=\"/ui/\">Back</a></p>";
        return Optional.of(new Page(HTML, body.getBytes(StandardCharsets.UTF_8)));
    }
}
