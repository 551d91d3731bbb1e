package dev.sluice.jdbc.transport;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a fetch response's protobuf envelope straight into the {@link Meta.Frame} that Avatica's result set reads,
 * without the protobuf message objects Avatica's own parse builds for every value, column and row (and a reflective
 * field check per value), which were two thirds of the driver's CPU on large results.
 *
 * <p>It knows the layout the gateway writes: each column value holding only its {@code scalar_value}, each scalar of
 * a type whose value is a single field. For those it gives exactly the objects Avatica's decoding gives ({@code
 * Meta.Frame.fromProto}: serial values, a {@code byte[]} for bytes). Anything else in the response (the legacy
 * {@code value} list, an array, an unknown field or type, a repeated message, a value Avatica would reject) makes it
 * give up on the whole response, which then goes to Avatica's decoding: it never guesses.
 */
final class FetchResponseDecoder {
    /** The name the envelope gives a fetch response, relocated with Avatica in the driver's shaded jar. */
    private static final String FETCH_RESPONSE = Responses.FetchResponse.class.getName();

    private static final int NAME = tag(Common.WireMessage.NAME_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int WRAPPED =
            tag(Common.WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);

    private static final int FRAME =
            tag(Responses.FetchResponse.FRAME_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int MISSING_STATEMENT =
            tag(Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int MISSING_RESULTS =
            tag(Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int METADATA =
            tag(Responses.FetchResponse.METADATA_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int SERVER_ADDRESS =
            tag(Responses.RpcMetadata.SERVER_ADDRESS_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);

    private static final int OFFSET = tag(Common.Frame.OFFSET_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int DONE = tag(Common.Frame.DONE_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int ROW = tag(Common.Frame.ROWS_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int COLUMN_VALUE = tag(Common.Row.VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int SCALAR_VALUE =
            tag(Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);

    private static final int VALUE_TYPE = tag(Common.TypedValue.TYPE_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int VALUE_BOOL = tag(Common.TypedValue.BOOL_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int VALUE_STRING =
            tag(Common.TypedValue.STRING_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int VALUE_NUMBER =
            tag(Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int VALUE_BYTES =
            tag(Common.TypedValue.BYTES_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
    private static final int VALUE_DOUBLE =
            tag(Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_FIXED64);
    private static final int VALUE_NULL = tag(Common.TypedValue.NULL_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int VALUE_COMPONENT_TYPE =
            tag(Common.TypedValue.COMPONENT_TYPE_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);
    private static final int VALUE_IMPLICITLY_NULL =
            tag(Common.TypedValue.IMPLICITLY_NULL_FIELD_NUMBER, WireFormat.WIRETYPE_VARINT);

    private static final byte[] NO_BYTES = new byte[0];

    private FetchResponseDecoder() {}

    /**
     * The fetch response in {@code envelope}, Avatica's protobuf {@code WireMessage}; null when it holds another
     * response or anything this decoder does not know, for Avatica's decoding to read.
     */
    static Service.@Nullable FetchResponse decode(byte[] envelope) {
        try {
            CodedInputStream in = CodedInputStream.newInstance(envelope);
            // Avatica writes the name first; an envelope in another order is left to it
            if (in.readTag() != NAME || !in.readStringRequireUtf8().equals(FETCH_RESPONSE)) {
                return null;
            }
            Service.FetchResponse response = null;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (tag != WRAPPED || response != null) {
                    throw new UnknownContentException();
                }
                int limit = in.pushLimit(in.readRawVarint32());
                response = fetchResponse(in);
                in.popLimit(limit);
            }
            // an empty response has no wrapped message at all on the wire (proto3 leaves out empty fields)
            return response != null ? response : fetchResponse(CodedInputStream.newInstance(NO_BYTES));
        } catch (IOException | RuntimeException e) {
            // unknown content, or a response Avatica's decoding rejects in its own words
            return null;
        }
    }

    private static Service.FetchResponse fetchResponse(CodedInputStream in) throws IOException {
        Meta.Frame frame = null;
        boolean missingStatement = false;
        boolean missingResults = false;
        Service.RpcMetadataResponse metadata = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == FRAME && frame == null) {
                int limit = in.pushLimit(in.readRawVarint32());
                frame = frame(in);
                in.popLimit(limit);
            } else if (tag == MISSING_STATEMENT) {
                missingStatement = in.readBool();
            } else if (tag == MISSING_RESULTS) {
                missingResults = in.readBool();
            } else if (tag == METADATA && metadata == null) {
                int limit = in.pushLimit(in.readRawVarint32());
                metadata = new Service.RpcMetadataResponse(serverAddress(in));
                in.popLimit(limit);
            } else {
                throw new UnknownContentException();
            }
        }
        // as Avatica's: a response without a frame has an empty one
        return new Service.FetchResponse(
                frame != null ? frame : new Meta.Frame(0, false, new ArrayList<>()),
                missingStatement,
                missingResults,
                metadata);
    }

    /** The server address of an {@code RpcMetadata}. */
    private static String serverAddress(CodedInputStream in) throws IOException {
        String address = "";
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag != SERVER_ADDRESS) {
                throw new UnknownContentException();
            }
            address = in.readStringRequireUtf8();
        }
        if (address.isEmpty()) {
            throw new UnknownContentException(); // Avatica's decoding fails on metadata without an address
        }
        return address;
    }

    private static Meta.Frame frame(CodedInputStream in) throws IOException {
        long offset = 0;
        boolean done = false;
        List<Object> rows = new ArrayList<>();
        int columns = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == OFFSET) {
                offset = in.readUInt64();
            } else if (tag == DONE) {
                done = in.readBool();
            } else if (tag == ROW) {
                int limit = in.pushLimit(in.readRawVarint32());
                List<Object> row = row(in, columns);
                in.popLimit(limit);
                columns = row.size();
                rows.add(row);
            } else {
                throw new UnknownContentException();
            }
        }
        return new Meta.Frame(offset, done, rows);
    }

    private static List<Object> row(CodedInputStream in, int expectedColumns) throws IOException {
        List<Object> row = new ArrayList<>(expectedColumns);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag != COLUMN_VALUE) {
                throw new UnknownContentException();
            }
            int limit = in.pushLimit(in.readRawVarint32());
            // a column value as the gateway writes it: its scalar value alone, once
            if (in.readTag() != SCALAR_VALUE) {
                throw new UnknownContentException();
            }
            int scalarLimit = in.pushLimit(in.readRawVarint32());
            row.add(scalar(in));
            in.popLimit(scalarLimit);
            if (!in.isAtEnd()) {
                throw new UnknownContentException();
            }
            in.popLimit(limit);
        }
        return row;
    }

    /** A {@code TypedValue} as Avatica's {@code Meta.Frame.deserializeScalarValue} reads it. */
    private static @Nullable Object scalar(CodedInputStream in) throws IOException {
        int type = Common.Rep.PRIMITIVE_BOOLEAN_VALUE;
        boolean bool = false;
        String string = "";
        long number = 0;
        byte[] bytes = NO_BYTES;
        double floating = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == VALUE_TYPE) {
                type = in.readEnum();
            } else if (tag == VALUE_BOOL) {
                bool = in.readBool();
            } else if (tag == VALUE_STRING) {
                string = in.readStringRequireUtf8();
            } else if (tag == VALUE_NUMBER) {
                number = in.readSInt64();
            } else if (tag == VALUE_BYTES) {
                bytes = in.readByteArray();
            } else if (tag == VALUE_DOUBLE) {
                floating = in.readDouble();
            } else if (tag == VALUE_NULL || tag == VALUE_IMPLICITLY_NULL) {
                in.readBool(); // a scalar's value says null by its type
            } else if (tag != VALUE_COMPONENT_TYPE || in.readEnum() != 0) {
                // the component type of arrays; of a scalar only the default, as if absent
                throw new UnknownContentException();
            }
        }
        return switch (type) {
            case Common.Rep.BOOLEAN_VALUE, Common.Rep.PRIMITIVE_BOOLEAN_VALUE -> bool;
            case Common.Rep.BYTE_STRING_VALUE -> bytes; // the raw bytes, not TypedValue's base64
            case Common.Rep.STRING_VALUE -> string;
            case Common.Rep.CHARACTER_VALUE, Common.Rep.PRIMITIVE_CHAR_VALUE -> string.charAt(0);
            case Common.Rep.BYTE_VALUE, Common.Rep.PRIMITIVE_BYTE_VALUE -> (byte) number;
            case Common.Rep.DOUBLE_VALUE, Common.Rep.PRIMITIVE_DOUBLE_VALUE -> floating;
            case Common.Rep.FLOAT_VALUE, Common.Rep.PRIMITIVE_FLOAT_VALUE -> Float.intBitsToFloat((int) number);
            case Common.Rep.INTEGER_VALUE, Common.Rep.PRIMITIVE_INT_VALUE -> (int) number;
            case Common.Rep.SHORT_VALUE, Common.Rep.PRIMITIVE_SHORT_VALUE -> (short) number;
            case Common.Rep.LONG_VALUE,
                    Common.Rep.PRIMITIVE_LONG_VALUE,
                    Common.Rep.NUMBER_VALUE,
                    Common.Rep.JAVA_SQL_TIMESTAMP_VALUE,
                    Common.Rep.JAVA_UTIL_DATE_VALUE -> number;
            case Common.Rep.JAVA_SQL_DATE_VALUE, Common.Rep.JAVA_SQL_TIME_VALUE -> (int) number;
            case Common.Rep.BIG_DECIMAL_VALUE -> bigDecimal(string, number);
            case Common.Rep.NULL_VALUE -> null;
            // arrays, objects, structs, types yet unknown; and BIG_INTEGER, which Avatica's decoding rejects
            default -> throw new UnknownContentException();
        };
    }

    /** A decimal as its string; the form before Avatica 1.8 (unscaled bytes and a scale number) is left to Avatica. */
    private static BigDecimal bigDecimal(String string, long scale) {
        if (scale != 0) {
            throw new UnknownContentException();
        }
        return new BigDecimal(string);
    }

    /** A field's tag: its number shifted past the three bits of its wire type. */
    private static int tag(int field, int wireType) {
        return field << 3 | wireType;
    }

    /** Content this decoder does not know: the response goes to Avatica's decoding. */
    private static final class UnknownContentException extends RuntimeException {
        UnknownContentException() {
            super("content the fetch decoder does not know", null, false, false); // no stack: it is not reported
        }
    }
}
