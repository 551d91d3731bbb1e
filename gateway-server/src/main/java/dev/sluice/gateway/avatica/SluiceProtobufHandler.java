package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.metrics.MetricsSystem;
import org.apache.calcite.avatica.remote.ProtobufHandler;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

import java.io.IOException;
import java.util.Optional;

/**
 * Avatica's protobuf handler with Sluice's error translation: a body that does not decode is a 400 with
 * {@link SluiceErrorCode#MALFORMED_REQUEST}, every other failure goes through {@link SluiceErrors}. A fetch's frame
 * is written with each value once ({@link SingleValueFetchResponses}).
 */
final class SluiceProtobufHandler extends ProtobufHandler {
    SluiceProtobufHandler(Service service, MetricsSystem metrics) {
        super(service, new DecodeFailureMarkingTranslation(new ProtobufTranslationImpl()), metrics);
    }

    @Override
    public HandlerResponse<byte[]> convertToErrorResponse(Exception e) {
        if (e instanceof MalformedRequestException) {
            return badRequestErrorResponse(SluiceErrors.translate(e));
        }
        return super.convertToErrorResponse(SluiceErrors.translate(e));
    }

    /** Marks every failure to decode a request, so that it is answered 400 rather than as a server error. */
    private record DecodeFailureMarkingTranslation(ProtobufTranslation delegate) implements ProtobufTranslation {
        @Override
        public Service.Request parseRequest(byte[] bytes) {
            try {
                return delegate.parseRequest(bytes);
            } catch (IOException | RuntimeException e) {
                throw new MalformedRequestException("Request is not a valid Avatica protobuf message: " + e, e);
            }
        }

        @Override
        public byte[] serializeResponse(Service.Response response) throws IOException {
            if (response instanceof Service.FetchResponse fetch) {
                Optional<byte[]> lean = SingleValueFetchResponses.serialize(fetch);
                if (lean.isPresent()) {
                    return lean.get();
                }
            }
            return delegate.serializeResponse(response);
        }

        @Override
        public byte[] serializeRequest(Service.Request request) throws IOException {
            return delegate.serializeRequest(request);
        }

        @Override
        public Service.Response parseResponse(byte[] bytes) throws IOException {
            return delegate.parseResponse(bytes);
        }
    }
}
