package dev.sluice.jdbc.transport;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Reads which Avatica request a serialized body is, from its first bytes, so the transport can bound its wait: the
 * gateway holds an execute until the statement's first rows exist and a fetch until more rows arrive, and answers
 * every other request at once.
 *
 * <p>A protobuf body is Avatica's {@code WireMessage}, whose first field names the request's class ({@code
 * ...Requests$FetchRequest}); a JSON body starts with the request's type ({@code {"request":"fetch",...}}). Both come
 * out as {@code fetch}; the names of executes and fetches are the same in both, those of some metadata requests are
 * not ({@code tables}, {@code getTables}).
 */
final class AvaticaRequestNames {
    /** What the gateway may hold for as long as the statement's query needs. */
    private static final Set<String> HELD =
            Set.of("execute", "prepareAndExecute", "fetch", "executeBatch", "prepareAndExecuteBatch");

    private static final String JSON_TYPE = "\"request\":\"";
    // a WireMessage starts with field 1 (name), length-delimited: tag 0x0A
    private static final int WIRE_NAME_TAG = 0x0A;

    private AvaticaRequestNames() {}

    /** Whether the gateway may hold request {@code name} ({@link #of}) until its statement's rows exist. */
    static boolean held(String name) {
        return HELD.contains(name);
    }

    /**
     * The request's name for messages and {@link #held}: its JSON type, or its protobuf message without the
     * {@code Request} suffix ({@code openConnection}, {@code fetch}); "request" if the body says neither.
     */
    static String of(byte[] body) {
        if (body.length > 0 && body[0] == WIRE_NAME_TAG) {
            return fromWireMessage(body);
        }
        return fromJson(body);
    }

    private static String fromWireMessage(byte[] body) {
        int length = 0;
        int position = 1;
        for (int shift = 0; position < body.length && shift < 32; shift += 7) {
            byte b = body[position++];
            length |= (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        if (length <= 0 || position + length > body.length) {
            return "request";
        }
        String className = new String(body, position, length, StandardCharsets.UTF_8);
        String simple = className.substring(className.lastIndexOf('$') + 1);
        if (!simple.endsWith("Request") || simple.length() == "Request".length()) {
            return "request";
        }
        String name = simple.substring(0, simple.length() - "Request".length());
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    private static String fromJson(byte[] body) {
        // the type comes first; 200 bytes leave room for whitespace without reading a large body
        String head = new String(body, 0, Math.min(body.length, 200), StandardCharsets.UTF_8);
        int start = head.indexOf(JSON_TYPE);
        int end = start < 0 ? -1 : head.indexOf('"', start + JSON_TYPE.length());
        return end < 0 ? "request" : head.substring(start + JSON_TYPE.length(), end);
    }
}
