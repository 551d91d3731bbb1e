package dev.sluice.gateway.http;

import dev.sluice.gateway.security.AuthenticationException;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestCredentials;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import static java.util.Objects.requireNonNull;

/**
 * Serves {@code GET /ui/}, {@code GET /api/*} and {@code POST /api/*} from {@link WebPages}; every other request
 * passes on untouched. Pages
 * are rendered on the RPC executor because the clusters' page asks each cluster for its slots.
 */
final class WebPagesHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final WebPages pages;
    private final GatewayAuthenticator authenticator;
    private final Executor rpcExecutor;
    private final ConnectionStats stats;

    /** @param authenticator who is asking: a user sees and cancels only their own sessions' work */
    WebPagesHandler(WebPages pages, GatewayAuthenticator authenticator, Executor rpcExecutor, ConnectionStats stats) {
        this.pages = requireNonNull(pages, "pages is null");
        this.authenticator = requireNonNull(authenticator, "authenticator is null");
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    public boolean acceptInboundMessage(Object message) {
        if (!(message instanceof FullHttpRequest request)
                || !request.decoderResult().isSuccess()) {
            return false;
        }
        String path = new QueryStringDecoder(request.uri()).path();
        if (HttpMethod.POST.equals(request.method())) {
            // Avatica clients post to "/"; only the API's actions are posted under /api/
            return path.startsWith(WebPages.API_PREFIX);
        }
        return HttpMethod.GET.equals(request.method())
                && (path.equals(WebPages.UI_PREFIX)
                        || path.startsWith(WebPages.UI_PREFIX + "/")
                        || path.startsWith(WebPages.API_PREFIX));
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        stats.request();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String path = new QueryStringDecoder(request.uri()).path();
        boolean post = HttpMethod.POST.equals(request.method());
        RequestCredentials credentials = new RequestCredentials(
                request.headers().get(HttpHeaderNames.AUTHORIZATION), AvaticaHttpHandler.clientCertificate(ctx));
        try {
            rpcExecutor.execute(
                    () -> HttpResponses.write(ctx, withPageHeaders(answer(path, post, credentials)), keepAlive));
        } catch (RejectedExecutionException e) {
            HttpResponses.write(
                    ctx,
                    HttpResponses.text(
                            HttpResponseStatus.SERVICE_UNAVAILABLE,
                            "The gateway is saturated: every RPC thread is busy and the queue is full; retry later"),
                    keepAlive);
        }
    }

    /**
     * What a browser is told about every page and API answer: the page is rendered on the server with no script, so
     * the policy allows nothing but its own inline style and forms that post back here; no other site may frame it
     * (clickjacking a cancel button); no type sniffing; no referrer (the URL names sessions); no caching (it shows live
     * statements).
     */
    private static FullHttpResponse withPageHeaders(FullHttpResponse response) {
        response.headers()
                .set(
                        "Content-Security-Policy",
                        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none';"
                                + " base-uri 'none'")
                .set("X-Frame-Options", "DENY")
                .set("X-Content-Type-Options", "nosniff")
                .set("Referrer-Policy", "no-referrer")
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        return response;
    }

    private FullHttpResponse answer(String path, boolean post, RequestCredentials credentials) {
        GatewayUser user;
        try {
            user = authenticator.authenticate(credentials);
        } catch (AuthenticationException e) {
            FullHttpResponse refused = HttpResponses.text(HttpResponseStatus.UNAUTHORIZED, e.getMessage());
            refused.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, GatewayAuthenticator.CHALLENGE);
            return refused;
        }
        return (post ? pages.post(path, user) : pages.render(path, user))
                .map(page -> HttpResponses.bytes(HttpResponseStatus.OK, page.body(), page.contentType()))
                .orElseGet(() -> HttpResponses.text(
                        HttpResponseStatus.NOT_FOUND,
                        (post ? "Nothing to do at " : "No page at ") + path
                                + "; the gateway serves /ui/, /api/queries, /api/sessions and /api/clusters, and"
                                + " cancels with POST /api/queries/SESSION/STATEMENT/cancel"));
    }
}
