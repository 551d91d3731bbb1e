package dev.sluice.gateway.avatica;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.remote.TypedValue;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The protobuf form of a fetch's frame with each value sent once. Avatica's own encoding writes every scalar twice:
 * as the column's {@code scalar_value}, and again in the {@code value} list that clients older than Avatica 1.8
 * (2016) read; every later client reads {@code scalar_value} only, but still parses both. On large results that
 * copy is a third of the gateway's work for a fetch and of the driver's decoding.
 *
 * <p>The values are encoded by Avatica's own {@link TypedValue#toProto(Common.TypedValue.Builder, Object)}, so each
 * reaches the client exactly as before; the frame, its rows and column values around them are written straight to
 * the response's bytes, without a protobuf message built for each. A frame holding anything but rows of scalar values
 * (an array value, a row that is not a list) is left to Avatica's encoding.
 */
final class SingleValueFetchResponses {
    /** The name Avatica's wire message gives a fetch response, by which the client knows how to parse it. */
    private static final String WIRE_NAME = Responses.FetchResponse.class.getName();

    private static final int OFFSET = Common.Frame.OFFSET_FIELD_NUMBER;
    private static final int DONE = Common.Frame.DONE_FIELD_NUMBER;
    private static final int ROWS = Common.Frame.ROWS_FIELD_NUMBER;
    private static final int ROW_VALUE = Common.Row.VALUE_FIELD_NUMBER;
    private static final int SCALAR_VALUE = Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;

    private SingleValueFetchResponses() {}

    /** The response as Avatica's wire message, or empty when its frame must go through Avatica's encoding. */
    static Optional<byte[]> serialize(Service.FetchResponse response) {
        EncodedFrame frame = null;
        if (response.frame != null) {
            frame = EncodedFrame.of(response.frame);
            if (frame == null) {
                return Optional.empty();
            }
        }
        // the small fields through the builder; the frame, nearly all of the bytes, written directly before them
        Responses.FetchResponse.Builder rest = Responses.FetchResponse.newBuilder()
                .setMissingStatement(response.missingStatement)
                .setMissingResults(response.missingResults);
        if (response.rpcMetadata != null && response.rpcMetadata.serverAddress != null) {
            rest.setMetadata(Responses.RpcMetadata.newBuilder().setServerAddress(response.rpcMetadata.serverAddress));
        }
        Responses.FetchResponse restMessage = rest.build();
        int fetchBytes = restMessage.getSerializedSize()
                + (frame == null ? 0 : lengthDelimitedSize(Responses.FetchResponse.FRAME_FIELD_NUMBER, frame.bytes()));
        byte[] wire = new byte
                [CodedOutputStream.computeStringSize(Common.WireMessage.NAME_FIELD_NUMBER, WIRE_NAME)
                        + lengthDelimitedSize(Common.WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER, fetchBytes)];
        CodedOutputStream out = CodedOutputStream.newInstance(wire);
        try {
            out.writeString(Common.WireMessage.NAME_FIELD_NUMBER, WIRE_NAME);
            writeLengthDelimitedHeader(out, Common.WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER, fetchBytes);
            if (frame != null) {
                writeLengthDelimitedHeader(out, Responses.FetchResponse.FRAME_FIELD_NUMBER, frame.bytes());
                frame.writeTo(out);
            }
            restMessage.writeTo(out);
            out.checkNoSpaceLeft();
        } catch (IOException e) {
            // the array is sized from the very sizes written: running out of it is a bug here
            throw new IllegalStateException("A fetch response did not fit the size computed for it", e);
        }
        return Optional.of(wire);
    }

    private static int lengthDelimitedSize(int field, int bytes) {
        return CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(bytes) + bytes;
    }

    private static void writeLengthDelimitedHeader(CodedOutputStream out, int field, int bytes) throws IOException {
        out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(bytes);
    }

    /**
     * A frame's values encoded by Avatica, with the sizes of its rows: the frame's message ({@code Common.Frame}) is
     * written from them without building a message per value, row and frame.
     */
    private record EncodedFrame(
            long offset, boolean done, int[] rowValues, int[] rowBytes, Common.TypedValue[] values, int bytes) {
        /** Null when the frame holds something only Avatica's encoding handles. */
        static @Nullable EncodedFrame of(Meta.Frame frame) {
            List<Common.TypedValue> values = new ArrayList<>();
            List<Integer> rowValues = new ArrayList<>();
            List<Integer> rowBytes = new ArrayList<>();
            Common.TypedValue.Builder value = Common.TypedValue.newBuilder();
            int bytes = (frame.offset == 0 ? 0 : CodedOutputStream.computeUInt64Size(OFFSET, frame.offset))
                    + (frame.done ? CodedOutputStream.computeBoolSize(DONE, true) : 0);
            for (Object row : frame.rows) {
                if (!(row instanceof List<?> scalars)) {
                    return null;
                }
                int rowSize = 0;
                for (Object scalar : scalars) {
                    if (scalar instanceof List<?>) {
                        return null;
                    }
                    value.clear();
                    TypedValue.toProto(value, scalar);
                    Common.TypedValue encoded = value.build();
                    values.add(encoded);
                    rowSize += lengthDelimitedSize(ROW_VALUE, columnValueBytes(encoded));
                }
                rowValues.add(scalars.size());
                rowBytes.add(rowSize);
                bytes += lengthDelimitedSize(ROWS, rowSize);
            }
            return new EncodedFrame(
                    frame.offset,
                    frame.done,
                    rowValues.stream().mapToInt(Integer::intValue).toArray(),
                    rowBytes.stream().mapToInt(Integer::intValue).toArray(),
                    values.toArray(new Common.TypedValue[0]),
                    bytes);
        }

        /** A column value holding only its scalar value. */
        private static int columnValueBytes(Common.TypedValue value) {
            return CodedOutputStream.computeMessageSize(SCALAR_VALUE, value);
        }

        void writeTo(CodedOutputStream out) throws IOException {
            if (offset != 0) {
                out.writeUInt64(OFFSET, offset);
            }
            if (done) {
                out.writeBool(DONE, true);
            }
            int next = 0;
            for (int row = 0; row < rowValues.length; row++) {
                writeLengthDelimitedHeader(out, ROWS, rowBytes[row]);
                for (int i = 0; i < rowValues[row]; i++) {
                    Common.TypedValue value = values[next++];
                    writeLengthDelimitedHeader(out, ROW_VALUE, columnValueBytes(value));
                    out.writeMessage(SCALAR_VALUE, value);
                }
            }
        }
    }
}
