package dev.sluice.jdbc.transport;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
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
    // a protobuf tag is the field's number shifted past the three bits of its wire type
    private static final int NAME_TAG = WireMessage.NAME_FIELD_NUMBER << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;
    private static final int WRAPPED_TAG =
            WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;

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
        byte[] renamed = renameLeadingName(message, from, to);
        return renamed != null ? renamed : renameParsed(message, from, to);
    }

    /**
     * Renames an envelope whose name comes first, as Avatica writes it, by replacing only the name's bytes: the wrapped
     * message (a fetch's frame of a megabyte) is copied once, not parsed and written again.
     *
     * @return null when the message does not start with a name, so that {@link #renameParsed} decides
     */
    private static byte @Nullable [] renameLeadingName(byte[] message, String from, String to) {
        CodedInputStream in = CodedInputStream.newInstance(message);
        String name;
        int rest;
        try {
            if (in.readTag() != NAME_TAG) {
                return null;
            }
            name = in.readStringRequireUtf8();
            rest = in.getTotalBytesRead();
            // an envelope is its name and, filling the rest exactly, its wrapped message; anything else is parsed
            if (!in.isAtEnd()) {
                if (in.readTag() != WRAPPED_TAG) {
                    return null;
                }
                int wrapped = in.readRawVarint32();
                if (wrapped != message.length - in.getTotalBytesRead()) {
                    return null;
                }
            }
        } catch (IOException e) {
            return null;
        }
        if (!name.startsWith(from)) {
            return message;
        }
        String renamed = to + name.substring(from.length());
        int nameBytes = CodedOutputStream.computeStringSize(WireMessage.NAME_FIELD_NUMBER, renamed);
        byte[] result = new byte[nameBytes + message.length - rest];
        CodedOutputStream out = CodedOutputStream.newInstance(result, 0, nameBytes);
        try {
            out.writeString(WireMessage.NAME_FIELD_NUMBER, renamed);
            out.checkNoSpaceLeft();
        } catch (IOException e) {
            throw new IllegalStateException("The renamed envelope's name did not fit its computed size", e);
        }
        System.arraycopy(message, rest, result, nameBytes, message.length - rest);
        return result;
    }

    private static byte[] renameParsed(byte[] message, String from, String to) {
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
