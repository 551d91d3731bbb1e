package dev.sluice.gateway.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Avatica's JSON protocol written by hand on a plain socket, for tests that must control the connection itself: send a
 * request and leave without reading its answer, or close the socket while the gateway works on it. No driver does that.
 */
public final class RawAvaticaJson {
    private static final Pattern STATEMENT_ID = Pattern.compile("\"statementId\":(\\d+)");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)content-length: (\\d+)");

    private RawAvaticaJson() {}

    /** Opens connection {@code connectionId} with the properties {@code infoJson} and a statement in it; its id. */
    public static String openStatement(Socket socket, String connectionId, String infoJson) throws IOException {
        send(
                socket,
                "{\"request\":\"openConnection\",\"connectionId\":\"" + connectionId + "\",\"info\":" + infoJson + "}");
        String created = send(socket, "{\"request\":\"createStatement\",\"connectionId\":\"" + connectionId + "\"}");
        Matcher id = STATEMENT_ID.matcher(created);
        assertThat(id.find()).as(created).isTrue();
        return id.group(1);
    }

    /** A {@code prepareAndExecute} request of {@code sql} on the statement, with no row limit. */
    public static String prepareAndExecute(String connectionId, String statementId, String sql) {
        return "{\"request\":\"prepareAndExecute\",\"connectionId\":\"" + connectionId + "\",\"statementId\":"
                + statementId + ",\"sql\":\"" + sql.replace("\"", "\\\"") + "\",\"maxRowCount\":-1}";
    }

    /** Sends {@code json} and reads its answer's body. */
    public static String send(Socket socket, String json) throws IOException {
        sendOnly(socket, json);
        return readResponse(socket.getInputStream());
    }

    /** Sends {@code json} as one HTTP request, and does not read its answer. */
    public static void sendOnly(Socket socket, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    /** One HTTP response's body, read by its Content-Length. */
    private static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the gateway closed the connection; got " + head);
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1
                    : 0;
        }
        Matcher length = CONTENT_LENGTH.matcher(head.toString(StandardCharsets.US_ASCII));
        assertThat(length.find()).as(head.toString(StandardCharsets.US_ASCII)).isTrue();
        return new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
    }
}
