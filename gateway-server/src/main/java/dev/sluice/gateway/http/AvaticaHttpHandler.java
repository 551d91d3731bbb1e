package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.avatica.AvaticaRequestHandler.EncodedResponse;
import dev.sluice.gateway.avatica.InFlightRequest;
import dev.sluice.gateway.avatica.SluiceErrors;
import dev.sluice.gateway.security.AuthenticationException;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestCredentials;
import dev.sluice.gateway.session.SessionControl;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.ssl.SslHandler;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLPeerUnverifiedException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

import static java.util.Objects.requireNonNull;

/**
 * Hands each aggregated request to Avatica on the RPC executor; the event loop only copies bytes.
 *
 * <p>{@code POST} (any path) carries Avatica, but {@code POST /sluice/cancel}, {@code /sluice/limits} and
 * {@code /sluice/ping} are Sluice's own requests on a session ({@link SessionControlHandler}); the operator's {@code GET}s are answered before, by
 * {@link OperationsHandler}.
 *
 * <p>Each Avatica request is authenticated on the RPC executor (a bcrypt check is too slow for the event loop); a
 * refusal is answered 401 with a {@code WWW-Authenticate} challenge, which makes Avatica's own HTTP client send the
 * credentials it was given, and with an Avatica error response (SQLState 28000) for clients that read the body.
 */
final class AvaticaHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(AvaticaHttpHandler.class);

    private final AvaticaRequestHandler avatica;
    private final GatewayAuthenticator authenticator;
    private final SessionControlHandler controls;
    private final Executor rpcExecutor;
    private final ConnectionStats stats;
    // the connection's Avatica requests being handled: abandoned if the connection closes before they are answered
    private final Set<InFlightRequest> inFlight = ConcurrentHashMap.newKeySet();

    AvaticaHttpHandler(
            AvaticaRequestHandler avatica,
            GatewayAuthenticator authenticator,
            SessionControl control,
            Executor rpcExecutor,
            ConnectionStats stats) {
        this.avatica = requireNonNull(avatica, "avatica is null");
        this.authenticator = requireNonNull(authenticator, "authenticator is null");
        this.controls = new SessionControlHandler(control);
        this.rpcExecutor = requireNonNull(rpcExecutor, "rpcExecutor is null");
        this.stats = requireNonNull(stats, "stats is null");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        stats.request();
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!request.decoderResult().isSuccess()) {
            HttpResponses.write(
                    ctx, HttpResponses.text(HttpResponseStatus.BAD_REQUEST, "Malformed HTTP request"), false);
            return;
        }
        if (!HttpMethod.POST.equals(request.method())) {
            HttpResponses.write(
                    ctx,
                    HttpResponses.text(
                            HttpResponseStatus.METHOD_NOT_ALLOWED,
                            "Sluice speaks the Avatica protocol: POST a protobuf or JSON request; GET /health, /ready or /metrics"),
                    keepAlive);
            return;
        }
        if (SessionControlHandler.matches(request.uri())) {
            // on the event loop, not the RPC executor: a cancel must get through when held fetches fill the executor,
            // and it only looks the statement up and asks the cluster without waiting; the connection's earlier
            // requests have cached its password check, so authenticating here costs no bcrypt round
            GatewayUser user;
            try {
                user = authenticator.authenticate(new RequestCredentials(
                        request.headers().get(HttpHeaderNames.AUTHORIZATION), clientCertificate(ctx)));
            } catch (AuthenticationException e) {
                FullHttpResponse refused = HttpResponses.text(HttpResponseStatus.UNAUTHORIZED, e.getMessage());
                refused.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, GatewayAuthenticator.CHALLENGE);
                HttpResponses.write(ctx, refused, keepAlive);
                return;
            }
            HttpResponses.write(ctx, controls.handle(request.uri(), user), keepAlive);
            return;
        }
        // copy: the superclass releases the request when this method returns
        byte[] body = ByteBufUtil.getBytes(request.content());
        RequestCredentials credentials =
                new RequestCredentials(request.headers().get(HttpHeaderNames.AUTHORIZATION), clientCertificate(ctx));
        InFlightRequest inFlightRequest = new InFlightRequest();
        inFlight.add(inFlightRequest);
        try {
            rpcExecutor.execute(() -> {
                try {
                    respond(ctx, body, credentials, keepAlive, inFlightRequest);
                } finally {
                    inFlight.remove(inFlightRequest);
                }
            });
        } catch (RejectedExecutionException e) {
            inFlight.remove(inFlightRequest);
            HttpResponses.write(
                    ctx,
                    HttpResponses.text(
                            HttpResponseStatus.SERVICE_UNAVAILABLE,
                            "The gateway is saturated: every RPC thread is busy and the queue is full; retry later"),
                    keepAlive);
        }
    }

    /** The verified certificate of the connection's TLS client, or null without TLS or a client certificate. */
    static @Nullable X509Certificate clientCertificate(ChannelHandlerContext ctx) {
        SslHandler tls = ctx.pipeline().get(SslHandler.class);
        if (tls == null) {
            return null;
        }
        try {
            Certificate[] chain = tls.engine().getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate certificate ? certificate : null;
        } catch (SSLPeerUnverifiedException e) {
            return null;
        }
    }

    private void respond(
            ChannelHandlerContext ctx,
            byte[] body,
            RequestCredentials credentials,
            boolean keepAlive,
            InFlightRequest inFlightRequest) {
        FullHttpResponse response;
        try {
            EncodedResponse encoded;
            boolean refused = false;
            try {
                GatewayUser user = authenticator.authenticate(credentials);
                encoded = avatica.handle(body, user, inFlightRequest);
            } catch (AuthenticationException e) {
                LOG.debug("Request from {} refused: {}", ctx.channel().remoteAddress(), e.getMessage());
                encoded = avatica.unauthenticated(body, e);
                refused = true;
            }
            response = HttpResponses.bytes(
                    HttpResponseStatus.valueOf(encoded.httpStatus()), encoded.body(), encoded.contentType());
            if (refused) {
                response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, GatewayAuthenticator.CHALLENGE);
            }
        } catch (Throwable e) { // only when even the error response cannot be encoded; every request is answered
            String errorId = SluiceErrors.newErrorId();
            LOG.error("Internal error {}: could not encode an Avatica response", errorId, e);
            response = HttpResponses.text(
                    HttpResponseStatus.INTERNAL_SERVER_ERROR,
                    "Internal error in the gateway; the gateway's log has its details under error id " + errorId);
        }
        // safe off the event loop: Netty hands the write to the channel's loop
        HttpResponses.write(ctx, response, keepAlive);
    }

    /**
     * The client closed the connection: the requests it has not been answered are abandoned. Not when the gateway
     * itself closes its connections to stop (its RPC executor is shut down first): then the sessions' close cancels
     * their jobs, each logged once.
     */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        boolean gatewayStopping = rpcExecutor instanceof ExecutorService executor && executor.isShutdown();
        if (!gatewayStopping) {
            for (InFlightRequest request : inFlight) {
                request.abandoned();
            }
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("Connection {} failed; closing it", ctx.channel().remoteAddress(), cause);
        ctx.close();
    }
}
