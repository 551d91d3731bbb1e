package dev.sluice.sessioncache.rest;

import org.apache.flink.runtime.rest.FileUpload;
import org.apache.flink.runtime.rest.FileUploadHandler;
import org.apache.flink.runtime.rest.HttpHeader;
import org.apache.flink.shaded.netty4.io.netty.buffer.Unpooled;
import org.apache.flink.shaded.netty4.io.netty.channel.Channel;
import org.apache.flink.shaded.netty4.io.netty.channel.ChannelFuture;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.DefaultFullHttpRequest;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.DefaultHttpRequest;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpHeaderNames;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpHeaderValues;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpHeaders;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpMethod;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpRequest;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpVersion;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.multipart.HttpPostRequestEncoder;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.multipart.MemoryAttribute;
import org.jspecify.annotations.Nullable;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Collection;

/**
 * One HTTP request to a JobManager, ready to be written on a pooled connection: a JSON body, or (for job
 * submission) a multipart body with the JSON under the part name {@code request} and one part per file, which is
 * the form Flink's {@code FileUploadHandler} reads. Keep-alive is HTTP/1.1's default, so no {@code Connection}
 * header is sent (Flink's own client sends {@code close}).
 */
final class OutgoingRequest {
    private final HttpRequest head;
    private final @Nullable HttpPostRequestEncoder multipart;

    private OutgoingRequest(HttpRequest head, @Nullable HttpPostRequestEncoder multipart) {
        this.head = head;
        this.multipart = multipart;
    }

    static OutgoingRequest of(
            String host,
            int port,
            HttpMethod method,
            String uri,
            byte[] json,
            Collection<FileUpload> files,
            Collection<HttpHeader> customHeaders)
            throws IOException {
        String hostHeader = (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ':' + port;
        if (files.isEmpty()) {
            DefaultFullHttpRequest request =
                    new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri, Unpooled.wrappedBuffer(json));
            HttpHeaders headers = request.headers();
            headers.set(HttpHeaderNames.HOST, hostHeader)
                    .set(HttpHeaderNames.CONTENT_LENGTH, json.length)
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON + "; charset=UTF-8");
            customHeaders.forEach(header -> headers.set(header.getName(), header.getValue()));
            return new OutgoingRequest(request, null);
        }
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
        request.headers().set(HttpHeaderNames.HOST, hostHeader);
        customHeaders.forEach(header -> request.headers().set(header.getName(), header.getValue()));
        // files stay on disk and are streamed in chunks; the JSON part is small and kept in memory
        HttpPostRequestEncoder encoder;
        try {
            encoder = new HttpPostRequestEncoder(new DefaultHttpDataFactory(true), request, true);
        } catch (HttpPostRequestEncoder.ErrorDataEncoderException e) {
            throw new IOException("Could not start a multipart request to " + uri, e);
        }
        try {
            MemoryAttribute jsonPart = new MemoryAttribute(FileUploadHandler.HTTP_ATTRIBUTE_REQUEST);
            jsonPart.setContent(Unpooled.wrappedBuffer(json));
            encoder.addBodyHttpData(jsonPart);
            for (FileUpload upload : files) {
                File file = upload.getFile().toFile();
                if (Files.isDirectory(upload.getFile())) {
                    throw new IllegalArgumentException("Upload of directories is not supported: " + upload.getFile());
                }
                encoder.addBodyFileUpload(file.getName(), file, upload.getContentType(), false);
            }
            return new OutgoingRequest(encoder.finalizeRequest(), encoder);
        } catch (HttpPostRequestEncoder.ErrorDataEncoderException e) {
            encoder.cleanFiles();
            throw new IOException("Could not encode the upload of " + files.size() + " files", e);
        }
    }

    /** Writes the request on {@code channel}; the future completes when the last byte is written. */
    ChannelFuture writeTo(Channel channel) {
        if (multipart == null || !multipart.isChunked()) {
            return channel.writeAndFlush(head); // the whole body is in the request
        }
        channel.write(head);
        return channel.writeAndFlush(multipart);
    }

    /** Frees what the multipart encoder holds; called when the exchange is over, whatever its outcome. */
    void release() {
        if (multipart != null) {
            multipart.cleanFiles();
        }
    }

    HttpMethod method() {
        return head.method();
    }

    String uri() {
        return head.uri();
    }
}
