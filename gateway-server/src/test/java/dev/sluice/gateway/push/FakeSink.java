package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Base64;

/** A sink by hand: speaks the push wire format over a plain socket, rows being longs. */
final class FakeSink implements AutoCloseable {
    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;

    FakeSink(InetSocketAddress endpoint) throws IOException {
        this(endpoint, 0);
    }

    FakeSink(InetSocketAddress endpoint, int sendBufferBytes) throws IOException {
        socket = new Socket();
        if (sendBufferBytes > 0) {
            socket.setSendBufferSize(sendBufferBytes);
        }
        socket.connect(endpoint, 5_000);
        out = new DataOutputStream(socket.getOutputStream());
        in = new DataInputStream(socket.getInputStream());
    }

    FakeSink hello(PushTicket ticket, int attempt) throws IOException {
        return hello(ticket.resultId(), Base64.getUrlDecoder().decode(ticket.secretBase64()), attempt);
    }

    FakeSink hello(long resultId, byte[] secret, int attempt) throws IOException {
        new PushWire.Hello(resultId, secret, 7L, 11L, attempt).writeFrame(out);
        out.flush();
        return this;
    }

    FakeSink rows(long... values) throws IOException {
        DataOutputSerializer rows = new DataOutputSerializer(64);
        for (long value : values) {
            rows.writeLong(value);
        }
        out.writeInt(PushWire.ROWS_HEADER_BYTES + rows.length());
        out.writeByte(PushWire.ROWS);
        out.writeInt(values.length);
        out.write(rows.getSharedBuffer(), 0, rows.length());
        out.flush();
        return this;
    }

    FakeSink end(long rowCount) throws IOException {
        PushWire.writeEnd(out, rowCount);
        out.flush();
        return this;
    }

    /** Whether the endpoint acknowledged the end within {@code timeout}. */
    boolean awaitAck(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        try {
            return in.readInt() == 1 && in.readByte() == PushWire.ACK;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the endpoint closed the connection within {@code timeout} without sending anything. */
    boolean isClosedByEndpoint(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
