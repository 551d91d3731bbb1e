package dev.sluice.sessioncache.rest;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.rest.FileUpload;
import org.apache.flink.runtime.rest.RestClient;
import org.apache.flink.runtime.rest.messages.MessageHeaders;
import org.apache.flink.runtime.rest.messages.MessageParameters;
import org.apache.flink.runtime.rest.messages.RequestBody;
import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.runtime.rest.versioning.RestAPIVersion;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JavaType;
import org.apache.flink.util.ConfigurationException;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static java.util.Objects.requireNonNull;

/**
 * Flink's {@link RestClient} with its transport replaced: every request goes over {@link JobManagerConnectionPool}'s
 * keep-alive connections instead of a new connection per request with {@code Connection: close}. URLs, JSON, errors
 * and exceptions are the ones Flink's client produces, so {@code RestClusterClient} (retries, leader changes) works
 * on top unchanged. The pool is owned: shutting this client down closes it.
 */
public final class PooledRestClient extends RestClient {
    private static final Logger LOG = LoggerFactory.getLogger(PooledRestClient.class);
    /** As many as Flink's cluster client gives its own IO pool. */
    private static final int CALLBACK_THREADS = 4;

    private final ExecutorService executor;
    private final JobManagerConnectionPool connections;
    private final String urlPrefix;

    // Flink's constructor also sets up a transport of its own; its event loop starts no thread until used, and this
    // class never uses it
    private PooledRestClient(
            Configuration configuration, ExecutorService executor, JobManagerConnectionPool connections)
            throws ConfigurationException {
        super(configuration, executor);
        this.executor = executor;
        this.connections = requireNonNull(connections, "connections is null");
        this.urlPrefix = configuration.get(RestOptions.URL_PREFIX);
    }

    /**
     * A client on {@code connections}, which it then owns. Responses are turned into objects, and callers'
     * continuations run, on a small pool of its own ({@code threadName}), never on the event loop, where a caller
     * that blocks would stall every connection.
     */
    public static PooledRestClient create(
            Configuration configuration, JobManagerConnectionPool connections, String threadName)
            throws ConfigurationException {
        ExecutorService executor =
                Executors.newFixedThreadPool(CALLBACK_THREADS, new ExecutorThreadFactory(threadName));
        try {
            return new PooledRestClient(configuration, executor, connections);
        } catch (ConfigurationException | RuntimeException e) {
            executor.shutdown();
            throw e;
        }
    }

    @Override
    public <
                    M extends MessageHeaders<R, P, U>,
                    U extends MessageParameters,
                    R extends RequestBody,
                    P extends ResponseBody>
            CompletableFuture<P> sendRequest(
                    String targetAddress,
                    int targetPort,
                    M messageHeaders,
                    U messageParameters,
                    R request,
                    Collection<FileUpload> fileUploads,
                    RestAPIVersion<? extends RestAPIVersion<?>> apiVersion)
                    throws IOException {
        requireNonNull(targetAddress, "targetAddress is null");
        requireNonNull(messageHeaders, "messageHeaders is null");
        requireNonNull(messageParameters, "messageParameters is null");
        requireNonNull(request, "request is null");
        requireNonNull(fileUploads, "fileUploads is null");
        if (targetPort < 0 || targetPort > 65535) {
            throw new IllegalArgumentException("The target port " + targetPort + " is not in the range [0, 65535]");
        }
        if (!messageParameters.isResolved()) {
            throw new IllegalStateException("Message parameters were not resolved");
        }
        if (!messageHeaders.getSupportedAPIVersions().contains(apiVersion)) {
            throw new IllegalArgumentException("REST API version " + apiVersion + " is not supported by "
                    + messageHeaders.getHttpMethod() + " " + messageHeaders.getTargetRestEndpointURL()
                    + "; supported: " + messageHeaders.getSupportedAPIVersions());
        }
        String uri = MessageParameters.resolveUrl(versionedUrl(messageHeaders, apiVersion), messageParameters);
        RestJson json = connections.json();
        JavaType responseType = json.responseType(messageHeaders);
        OutgoingRequest outgoing = OutgoingRequest.of(
                targetAddress,
                targetPort,
                messageHeaders.getHttpMethod().getNettyHttpMethod(),
                uri,
                json.write(request),
                fileUploads,
                messageHeaders.getCustomHeaders());
        LOG.debug("Sending {} {} to {}:{}", outgoing.method(), uri, targetAddress, targetPort);
        return connections
                .exchange(targetAddress, targetPort, outgoing)
                .thenApplyAsync(
                        outcome -> {
                            try {
                                return json.<P>read(
                                        outcome.response().body(),
                                        outcome.response().status(),
                                        responseType);
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        },
                        executor);
    }

    @Override
    public CompletableFuture<Void> closeAsync() {
        connections.close();
        executor.shutdown();
        return super.closeAsync();
    }

    @Override
    public void shutdown(Duration timeout) {
        connections.close();
        executor.shutdown();
        super.shutdown(timeout);
    }

    private String versionedUrl(MessageHeaders<?, ?, ?> headers, RestAPIVersion<?> apiVersion) {
        String url = headers.getTargetRestEndpointURL();
        return url.contains(RestClient.VERSION_PLACEHOLDER)
                ? url.replace(RestClient.VERSION_PLACEHOLDER, apiVersion.getURLVersionPrefix())
                : urlPrefix + apiVersion.getURLVersionPrefix() + url;
    }
}
