package dev.sluice.gateway.http;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.StatementTooComplexException;
import dev.sluice.planner.StatementTooLongException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import org.apache.calcite.avatica.Meta;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of everything a client sends before a session touches it: Avatica's request decoding (JSON
 * and protobuf), the HTTP pipeline of a connection, and the SQL lexer and classifier. Whatever the bytes, each must
 * answer or refuse without an unexpected exception, without hanging (Jazzer's per-input timeout) and without leaking a
 * buffer (surefire runs Netty's leak detector in paranoid mode, and the channel must end with nothing left in it).
 *
 * <p>Jazzer fuzzes one test per JVM, so one test picks its target from the first byte. The default build fuzzes for
 * seconds ({@code JAZZER_FUZZ} is set by surefire); {@code -Pfuzz} fuzzes longer. Inputs that once failed are kept
 * under {@code src/test/resources/.../ClientInputFuzzTestInputs} and replayed by every build.
 */
final class ClientInputFuzzTest {
    private static final int MAX_STATEMENT_LENGTH = 10_000;

    /** The request handler over a Meta that refuses everything: what is fuzzed is the decoding before it. */
    private final AvaticaRequestHandler avatica = new AvaticaRequestHandler(refusingMeta(), new RequestUser());

    @FuzzTest(maxDuration = "10s")
    void clientInputIsAnsweredOrRefusedNeverCrashes(FuzzedDataProvider data) {
        switch (data.consumeInt(0, 3)) {
            case 0 -> avaticaJson(data.consumeRemainingAsBytes());
            case 1 -> avaticaProtobuf(data.consumeRemainingAsBytes());
            case 2 -> http(data.consumeRemainingAsBytes());
            default -> sql(data.consumeRemainingAsString());
        }
    }

    private void avaticaJson(byte[] rest) {
        byte[] body = new byte[rest.length + 1];
        body[0] = '{';
        System.arraycopy(rest, 0, body, 1, rest.length);
        assertAnswered(avatica.handle(body, GatewayUser.ANONYMOUS));
    }

    private void avaticaProtobuf(byte[] rest) {
        byte[] body = new byte[rest.length + 1];
        body[0] = 0x0A; // the tag of WireMessage's name, so the body is taken for protobuf
        System.arraycopy(rest, 0, body, 1, rest.length);
        assertAnswered(avatica.handle(body, GatewayUser.ANONYMOUS));
    }

    private static void assertAnswered(AvaticaRequestHandler.EncodedResponse response) {
        assertThat(response.httpStatus()).isIn(200, 400, 500);
        assertThat(response.body()).isNotNull();
    }

    /** The connection's pipeline as the gateway builds it, with Avatica run on the calling thread. */
    private void http(byte[] bytes) {
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.freezeTime();
        RequestReadDeadline deadline = new RequestReadDeadline(Duration.ofSeconds(10));
        channel.pipeline()
                .addLast(deadline.bytesHandler())
                .addLast(new HttpServerCodec())
                .addLast(new SizeLimitedAggregator(4096))
                .addLast(deadline.requestsHandler())
                .addLast(new CloseIdleConnectionHandler())
                .addLast(new InOrderResponsesHandler())
                .addLast(new AvaticaHttpHandler(
                        avatica,
                        GatewayAuthenticator.none(),
                        NoSessionControl.INSTANCE,
                        Runnable::run,
                        new ConnectionStats()));
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        channel.runPendingTasks();
        channel.advanceTimeBy(1, TimeUnit.MINUTES); // past the read deadline of a request left unfinished
        channel.runScheduledPendingTasks();
        for (Object written = channel.readOutbound(); written != null; written = channel.readOutbound()) {
            assertThat(written).isInstanceOf(ByteBuf.class);
            ((ByteBuf) written).release();
        }
        channel.close();
        for (Object read = channel.readInbound(); read != null; read = channel.readInbound()) {
            io.netty.util.ReferenceCountUtil.release(read); // only a half-read request, handed on at the close
        }
        assertThat(channel.finishAndReleaseAll()).isFalse();
    }

    private static void sql(String sql) {
        try {
            StatementPlanner.analyze(sql, MAX_STATEMENT_LENGTH, "limit");
        } catch (InvalidStatementException | StatementTooLongException | StatementTooComplexException refused) {
            // a refusal the client is told about: fine
        }
    }

    private static Meta refusingMeta() {
        return (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(), new Class<?>[] {Meta.class}, (proxy, method, arguments) -> {
                    throw new UnsupportedOperationException("fuzzing: nothing runs");
                });
    }
}
