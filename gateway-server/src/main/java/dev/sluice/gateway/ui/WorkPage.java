package dev.sluice.gateway.ui;

import dev.sluice.gateway.health.ClusterState;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.session.SessionSummary;
import dev.sluice.sessioncache.ClusterCapacity;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The page at {@code /ui/}: rendered on the server, no script, refreshed by the browser every 5 seconds, so it works in
 * any browser and in a text one.
 */
final class WorkPage {
    // statements can be long; the page shows their start, the JSON API all of it
    private static final int STATEMENT_CHARACTERS = 160;
    // marks a cell whose text may wrap (statements, phases); every other cell keeps to one line
    private static final String WRAP = "\u0000wrap:";

    private final GatewayWork work;
    private final String version;

    WorkPage(GatewayWork work, String version) {
        this.work = requireNonNull(work, "work is null");
        this.version = requireNonNull(version, "version is null");
    }

    String render() {
        List<QuerySummary> queries = work.queries();
        List<QuerySummary> running =
                queries.stream().filter(QuerySummary::running).toList();
        List<QuerySummary> recent =
                queries.stream().filter(query -> !query.running()).limit(100).toList();
        return """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
                <title>Sluice gateway</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
                table{border-collapse:collapse;margin-bottom:1.5em;font-size:14px}
                th,td{border-bottom:1px solid #ddd;padding:4px 10px;text-align:left;vertical-align:top}
                th{background:#f3f3f3} td{white-space:nowrap} td.wrap{white-space:normal;min-width:18em;max-width:40em}
                code{font-size:13px} .bad{color:#b00020} .ok{color:#0a7a2f}
                </style></head><body>
                <h1>Sluice %s</h1>
                <p>Refreshes every 5 s. JSON: <a href="/api/queries">/api/queries</a>,
                <a href="/api/sessions">/api/sessions</a>, <a href="/api/clusters">/api/clusters</a>;
                <a href="/ready">/ready</a>, <a href="/metrics">/metrics</a>.</p>
                <h2>Clusters</h2>
                %s
                <h2 id="running">Running statements (%d)</h2>
                %s
                <h2 id="sessions">Sessions (%d)</h2>
                %s
                <h2 id="recent">Recent statements (%d)</h2>
                %s
                </body></html>
                """.formatted(
                        escape(version),
                        clusters(work.clusters()),
                        running.size(),
                        queries(running),
                        work.sessions().size(),
                        sessions(work.sessions()),
                        recent.size(),
                        queries(recent));
    }

    private String clusters(List<ClusterState> clusters) {
        String rows = clusters.stream()
                .map(cluster -> {
                    ClusterCapacity capacity = cluster.capacity();
                    String dashboard = work.dashboardUrl(cluster.name());
                    return row(
                            escape(cluster.name()) + (cluster.isDefault() ? " (default)" : ""),
                            cluster.reachable()
                                    ? "<span class=\"ok\">reachable</span>"
                                    : "<span class=\"bad\">unreachable: " + escape(cluster.problem()) + "</span>",
                            capacity == null ? "" : capacity.freeSlots() + " of " + capacity.totalSlots(),
                            String.valueOf(work.admittedJobs(cluster.name())),
                            String.valueOf(work.queuedQueries(cluster.name())),
                            dashboard == null
                                    ? ""
                                    : "<a href=\"" + escape(dashboard) + "\">" + escape(dashboard) + "</a>");
                })
                .collect(Collectors.joining());
        return table(
                List.of("cluster", "state", "free slots", "admitted jobs", "queued queries", "Flink dashboard"), rows);
    }

    private static String queries(List<QuerySummary> queries) {
        if (queries.isEmpty()) {
            return "<p>None.</p>";
        }
        String rows = queries.stream()
                .map(query -> row(
                        escape(query.startedAt().truncatedTo(ChronoUnit.MILLIS).toString()),
                        "<code>" + escape(shortId(query.sessionId())) + "</code>"
                                + (query.sessionClosed() ? " (closed)" : ""),
                        escape(query.cluster()),
                        escape(query.kind()),
                        WRAP + "<code>" + escape(abbreviate(query.statement())) + "</code>",
                        escape(query.state()),
                        WRAP + phases(query),
                        millis(query.elapsedMillis()),
                        query.jobId() == null ? "" : "<code>" + escape(query.jobId()) + "</code>",
                        cancelButton(query)))
                .collect(Collectors.joining());
        return table(
                List.of("started", "session", "cluster", "kind", "statement", "state", "phases", "elapsed", "job", ""),
                rows);
    }

    /** The phases a statement went through; a query answered from the result cache had none. */
    private static String phases(QuerySummary query) {
        if ("hit".equals(query.resultCache())) {
            return "result cache hit";
        }
        return query.phaseMillis().entrySet().stream()
                .map(phase -> escape(phase.getKey()) + " " + millis(phase.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String cancelButton(QuerySummary query) {
        if (!query.running() || query.statementId() < 0) {
            return "";
        }
        return "<form method=\"post\" action=\"/api/queries/" + escape(query.sessionId()) + "/" + query.statementId()
                + "/cancel\"><button type=\"submit\">cancel</button></form>";
    }

    private static String sessions(List<SessionSummary> sessions) {
        if (sessions.isEmpty()) {
            return "<p>None.</p>";
        }
        String rows = sessions.stream()
                .map(session -> row(
                        "<code>" + escape(session.id()) + "</code>",
                        escape(session.cluster()),
                        millis(session.idleMillis()),
                        String.valueOf(session.runningStatements())))
                .collect(Collectors.joining());
        return table(List.of("session", "cluster", "idle", "running statements"), rows);
    }

    private static String table(List<String> headings, String rows) {
        return "<table><tr>"
                + headings.stream().map(heading -> "<th>" + heading + "</th>").collect(Collectors.joining()) + "</tr>\n"
                + rows + "</table>";
    }

    private static String row(String... cells) {
        StringBuilder row = new StringBuilder("<tr>");
        for (String cell : cells) {
            if (cell.startsWith(WRAP)) {
                row.append("<td class=\"wrap\">")
                        .append(cell.substring(WRAP.length()))
                        .append("</td>");
            } else {
                row.append("<td>").append(cell).append("</td>");
            }
        }
        return row.append("</tr>\n").toString();
    }

    private static String millis(double millis) {
        return millis < 1000
                ? String.format(Locale.ROOT, "%.1f ms", millis)
                : String.format(Locale.ROOT, "%.2f s", millis / 1000);
    }

    private static String shortId(String sessionId) {
        return sessionId.length() <= 8 ? sessionId : sessionId.substring(0, 8);
    }

    private static String abbreviate(String statement) {
        String line = statement.strip().replaceAll("\\s+", " ");
        return line.length() <= STATEMENT_CHARACTERS ? line : line.substring(0, STATEMENT_CHARACTERS) + "…";
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
