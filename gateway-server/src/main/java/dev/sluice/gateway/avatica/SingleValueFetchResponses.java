package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.remote.TypedValue;

import java.util.List;
import java.util.Optional;

/**
 * The protobuf form of a fetch's frame with each value sent once. Avatica's own encoding writes every scalar twice:
 * as the column's {@code scalar_value}, and again in the {@code value} list that clients older than Avatica 1.8
 * (2016) read; every later client reads {@code scalar_value} only, but still parses both. On large results that
 * copy is a third of the gateway's work for a fetch and of the driver's decoding.
 *
 * <p>The values are encoded by Avatica's own {@link TypedValue#toProto(Common.TypedValue.Builder, Object)}, so each
 * reaches the client exactly as before. A frame holding anything but rows of scalar values (an array value, a row
 * that is not a list) is left to Avatica's encoding.
 */
final class SingleValueFetchResponses {
    /** The name Avatica's wire message gives a fetch response, by which the client knows how to parse it. */
    private static final String WIRE_NAME = Responses.FetchResponse.class.getName();

    private SingleValueFetchResponses() {}

    /** The response as Avatica's wire message, or empty when its frame must go through Avatica's encoding. */
    static Optional<byte[]> serialize(Service.FetchResponse response) {
        Responses.FetchResponse.Builder fetch = Responses.FetchResponse.newBuilder()
                .setMissingStatement(response.missingStatement)
                .setMissingResults(response.missingResults);
        if (response.frame != null) {
            Optional<Common.Frame> frame = frame(response.frame);
            if (frame.isEmpty()) {
                return Optional.empty();
            }
            fetch.setFrame(frame.get());
        }
        if (response.rpcMetadata != null && response.rpcMetadata.serverAddress != null) {
            fetch.setMetadata(Responses.RpcMetadata.newBuilder().setServerAddress(response.rpcMetadata.serverAddress));
        }
        return Optional.of(Common.WireMessage.newBuilder()
                .setName(WIRE_NAME)
                .setWrappedMessage(fetch.build().toByteString())
                .build()
                .toByteArray());
    }

    /** The frame with each value once, or empty when it holds something only Avatica's encoding handles. */
    static Optional<Common.Frame> frame(Meta.Frame frame) {
        Common.Frame.Builder proto =
                Common.Frame.newBuilder().setOffset(frame.offset).setDone(frame.done);
        Common.TypedValue.Builder value = Common.TypedValue.newBuilder();
        for (Object row : frame.rows) {
            if (!(row instanceof List<?> values)) {
                return Optional.empty();
            }
            Common.Row.Builder rowProto = Common.Row.newBuilder();
            for (Object scalar : values) {
                if (scalar instanceof List<?>) {
                    return Optional.empty();
                }
                value.clear();
                TypedValue.toProto(value, scalar);
                rowProto.addValue(Common.ColumnValue.newBuilder().setScalarValue(value.build()));
            }
            proto.addRows(rowProto);
        }
        return Optional.of(proto.build());
    }
}
