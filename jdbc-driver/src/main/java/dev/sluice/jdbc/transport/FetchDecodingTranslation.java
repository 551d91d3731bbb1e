package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

import java.io.IOException;

/**
 * Avatica's protobuf translation, except that fetch responses are decoded by {@link FetchResponseDecoder}; a response
 * it does not know, and every other message, go through Avatica's own.
 */
final class FetchDecodingTranslation implements ProtobufTranslation {
    private final ProtobufTranslation avatica = new ProtobufTranslationImpl();

    @Override
    public Service.Response parseResponse(byte[] bytes) throws IOException {
        Service.FetchResponse fetch = FetchResponseDecoder.decode(bytes);
        return fetch != null ? fetch : avatica.parseResponse(bytes);
    }

    @Override
    public byte[] serializeRequest(Service.Request request) throws IOException {
        return avatica.serializeRequest(request);
    }

    @Override
    public byte[] serializeResponse(Service.Response response) throws IOException {
        return avatica.serializeResponse(response);
    }

    @Override
    public Service.Request parseRequest(byte[] bytes) throws IOException {
        return avatica.parseRequest(bytes);
    }
}
