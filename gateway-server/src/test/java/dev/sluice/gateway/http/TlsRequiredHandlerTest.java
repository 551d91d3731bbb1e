package dev.sluice.gateway.http;

import dev.sluice.gateway.testing.TlsTestFiles;
import dev.sluice.gateway.tls.ServerTls;
import dev.sluice.gateway.tls.TlsConfig;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.sluice.gateway.http.HttpExchanges.received;
import static dev.sluice.gateway.http.HttpExchanges.send;
import static org.assertj.core.api.Assertions.assertThat;

final class TlsRequiredHandlerTest {
    private static ServerTls tls;

    private final ConnectionStats stats = new ConnectionStats();
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @BeforeAll
    static void startTls(@TempDir Path directory) throws Exception {
        TlsTestFiles files = TlsTestFiles.create(directory);
        tls = ServerTls.start(TlsConfig.from(Configuration.fromMap(files.serverOptions("JDK"))));
    }

    @AfterAll
    static void stopTls() {
        tls.close();
    }

    @Test
    void answersAPlaintextClientWith400ThatSaysToUseTlsAndCloses() {
        channel.pipeline().addLast("tls-required", new TlsRequiredHandler(tls, stats));

        send(channel, "GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n");

        assertThat(received(channel))
                .startsWith("HTTP/1.1 400 Bad Request\r\n")
                .contains("Connection: close\r\n")
                .endsWith("This gateway port requires TLS: connect with https, or with ssl=true in the JDBC URL\n");
        assertThat(channel.isOpen()).isFalse();
        assertThat(stats.tlsHandshakesFailed()).isEqualTo(1);
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void waitsForTheFiveBytesOfARecordHeader() {
        channel.pipeline().addLast("tls-required", new TlsRequiredHandler(tls, stats));

        send(channel, "GET ");

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.pipeline().get("tls-required")).isNotNull();
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    @Test
    void handsATlsClientToTheTlsHandlerWithTheBytesReadSoFar() throws Exception {
        channel.pipeline().addLast("tls-required", new TlsRequiredHandler(tls, stats));
        EmbeddedChannel client = new EmbeddedChannel(SslContextBuilder.forClient()
                .trustManager(InsecureTrustManagerFactory.INSTANCE)
                .build()
                .newHandler(io.netty.buffer.ByteBufAllocator.DEFAULT));
        ByteBuf clientHello = client.readOutbound();

        channel.writeInbound(clientHello);

        assertThat(channel.pipeline().get("tls-required")).isNull();
        assertThat(channel.pipeline().get("tls")).isInstanceOf(SslHandler.class);
        ByteBuf serverHello = channel.readOutbound();
        assertThat(serverHello.getByte(0)).as("a TLS handshake record").isEqualTo((byte) 22);
        serverHello.release();
        received(channel);
        // both ends were left mid-handshake: closing them writes their close_notify alerts, released here
        assertThat(channel.finishAndReleaseAll()).isTrue();
        assertThat(client.finishAndReleaseAll()).isTrue();
    }
}
