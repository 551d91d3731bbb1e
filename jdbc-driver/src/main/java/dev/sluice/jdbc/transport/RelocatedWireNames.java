package dev.sluice.jdbc.transport;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import org.apache.calcite.avatica.proto.Common.WireMessage;

import java.nio.charset.StandardCharsets;

/**
 * Avatica's protobuf envelope names each message by its Java class ({@code
 * org.apache.calcite.avatica.proto.Requests$ExecuteRequest}), and Avatica takes that name from {@code
 * Class.getName()}. In the driver's shaded jar those classes live under {@code dev.sluice.jdbc.shaded.}, so requests
 * would carry names no gateway knows and responses names the relocated Avatica cannot find. This puts Avatica's own
 * names on the wire: the relocation prefix is taken off each request's name and put back on each response's. In the
 * unshaded classes the prefix is empty and nothing is touched.
 */
final class RelocatedWireNames {
    // '!' so that the shade plugin, which rewrites string constants that look like relocated class names, leaves it
    private static final String UNRELOCATED_NAME =
            "org!apache!calcite!avatica!proto!Common$WireMessage".replace('!', '.');
    private static final String PREFIX = prefix(WireMessage.class.getName());

    private RelocatedWireNames() {}

    /** Whether this code runs relocated, so that names on the wire need translating. */
    static boolean relocated() {
        return !PREFIX.isEmpty();
    }

    /**
     * The relocation prefix of a class whose original name is {@link #UNRELOCATED_NAME}.
     *
     * @param wireMessageClass the class name of {@link WireMessage} as loaded
     */
    static String prefix(String wireMessageClass) {
        if (!wireMessageClass.endsWith(UNRELOCATED_NAME)) {
            throw new IllegalStateException(
                    "Avatica's WireMessage is loaded under an unexpected name: " + wireMessageClass);
        }
        return wireMessageClass.substring(0, wireMessageClass.length() - UNRELOCATED_NAME.length());
    }

    /** A request as Avatica serialized it, with Avatica's unrelocated message name. */
    static byte[] toWire(byte[] request) {
        return rename(request, PREFIX, "");
    }

    /** A response from the gateway, with the message name the relocated Avatica looks up. */
    static byte[] fromWire(byte[] response) {
        return rename(response, "", PREFIX);
    }

    static byte[] rename(byte[] message, String from, String to) {
        if (from.equals(to)) {
            return message;
        }
        WireMessage wire;
        try {
            wire = WireMessage.parseFrom(message);
        } catch (InvalidProtocolBufferException e) {
            // not an envelope (a proxy's error page, say): Avatica's parser reports it
            return message;
        }
        String name = wire.getName();
        if (!name.startsWith(from)) {
            return message;
        }
        String renamed = to + name.substring(from.length());
        return wire.toBuilder()
                .setNameBytes(ByteString.copyFrom(renamed, StandardCharsets.UTF_8))
                .build()
                .toByteArray();
    }
}
