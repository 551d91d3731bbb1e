package dev.sluice.push;

import org.jspecify.annotations.Nullable;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

/**
 * The sink's side of one connection to the result endpoint: a plain blocking socket (or a JDK {@link SSLSocket}), so
 * that a gateway that reads slowly blocks the sink's writes, which is the job's backpressure. Every I/O failure is
 * rethrown with the endpoint's address, so the job's failure says which endpoint could not be reached.
 */
final class PushConnection implements AutoCloseable {
    private final String address;
    private final Socket socket;
    private final DataOutputStream out;

    private PushConnection(String address, Socket socket) throws IOException {
        this.address = address;
        this.socket = socket;
        // writes go out at each flush; the buffer only joins a frame's header to its rows
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 64 * 1024));
    }

    /** Connects, with TLS when the settings trust a certificate, and sends the hello. */
    static PushConnection open(PushSinkSettings settings, PushWire.Hello hello) throws IOException {
        String address = settings.address();
        Socket socket = null;
        try {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(settings.host(), settings.port()), (int)
                    settings.connectTimeout().toMillis());
            if (settings.trustedCertificates() != null) {
                socket = startTls(socket, settings);
            }
            PushConnection connection = new PushConnection(address, socket);
            hello.writeFrame(connection.out);
            connection.out.flush();
            return connection;
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            closeQuietly(socket);
            throw new PushEndpointUnreachableException(address, e);
        }
    }

    private static Socket startTls(Socket plain, PushSinkSettings settings)
            throws IOException, GeneralSecurityException {
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        Collection<? extends Certificate> certificates = factory.generateCertificates(
                new ByteArrayInputStream(settings.trustedCertificates().getBytes(StandardCharsets.US_ASCII)));
        if (certificates.isEmpty()) {
            throw new GeneralSecurityException(
                    "'" + PushSinkOptions.TRUSTED_CERTIFICATES.key() + "' holds no certificate");
        }
        int index = 0;
        for (Certificate certificate : certificates) {
            trust.setCertificateEntry("endpoint-" + index++, certificate);
        }
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trustManagers.getTrustManagers(), null);
        SSLSocket tls =
                (SSLSocket) context.getSocketFactory().createSocket(plain, settings.host(), settings.port(), true);
        SSLParameters parameters = tls.getSSLParameters();
        // the advertised name must be on the certificate, as for any TLS client
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(parameters);
        tls.setSoTimeout((int) settings.connectTimeout().toMillis());
        tls.startHandshake();
        tls.setSoTimeout(0);
        return tls;
    }

    /** Sends one ROWS frame; blocks while the gateway does not read. */
    void sendRows(byte[] rows, int length, int rowCount) throws IOException {
        try {
            out.writeInt(PushWire.ROWS_HEADER_BYTES + length);
            out.writeByte(PushWire.ROWS);
            out.writeInt(rowCount);
            out.write(rows, 0, length);
            out.flush();
        } catch (IOException e) {
            throw failure("could not send rows", e);
        }
    }

    /** Sends the end of the result and waits until the gateway acknowledges that it has it. */
    void sendEndAndAwaitAck(long rowCount, int ackTimeoutMillis) throws IOException {
        try {
            PushWire.writeEnd(out, rowCount);
            out.flush();
            socket.setSoTimeout(ackTimeoutMillis);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 16);
            DataInputStream data = new DataInputStream(in);
            int length = data.readInt();
            byte type = data.readByte();
            if (length != 1 || type != PushWire.ACK) {
                throw new IOException(
                        "expected an acknowledgement, got frame type " + type + " of " + length + " bytes");
            }
        } catch (SocketTimeoutException e) {
            throw failure("no acknowledgement of the end of the result within " + ackTimeoutMillis + " ms", e);
        } catch (EOFException e) {
            throw failure("the gateway closed the connection before it acknowledged the end of the result", e);
        } catch (IOException e) {
            throw failure("could not send the end of the result", e);
        }
    }

    private IOException failure(String what, IOException cause) {
        return new IOException(
                "Push sink to the gateway's result endpoint " + address + ": " + what + ": " + cause, cause);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private static void closeQuietly(@Nullable Socket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // the connection failed already; that failure is what the job reports
        }
    }
}
