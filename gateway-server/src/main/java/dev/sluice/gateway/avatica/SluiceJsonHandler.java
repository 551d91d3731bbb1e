package dev.sluice.gateway.avatica;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.calcite.avatica.metrics.MetricsSystem;
import org.apache.calcite.avatica.remote.JsonHandler;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's JSON handler with Sluice's error translation: a body that does not decode is a 400 with
 * {@link SluiceErrorCode#MALFORMED_REQUEST}, every other failure goes through {@link SluiceErrors}.
 */
final class SluiceJsonHandler extends JsonHandler {
    SluiceJsonHandler(Service service, MetricsSystem metrics) {
        super(service, metrics);
    }

    @Override
    public HandlerResponse<String> apply(String request) {
        try {
            JsonRequestTypes.requireKnown(request);
        } catch (MalformedRequestException e) {
            return convertToErrorResponse(e);
        }
        return super.apply(request);
    }

    @Override
    public HandlerResponse<String> convertToErrorResponse(Exception e) {
        // the service never throws Jackson's exceptions: only decoding the request does
        if (e instanceof JsonProcessingException) {
            return badRequestErrorResponse(SluiceErrors.translate(new MalformedRequestException(
                    "Request is not a valid Avatica JSON message: " + e.getMessage(), e)));
        }
        if (e instanceof MalformedRequestException) {
            return badRequestErrorResponse(SluiceErrors.translate(e));
        }
        return super.convertToErrorResponse(SluiceErrors.translate(e));
    }
}
