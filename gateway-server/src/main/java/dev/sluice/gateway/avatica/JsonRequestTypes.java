package dev.sluice.gateway.avatica;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.apache.calcite.avatica.remote.Service;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Refuses a JSON request whose {@code "request"} type Avatica does not know. Avatica's {@link Service.Request} names
 * {@code SchemasRequest} as Jackson's default type, so without this check an unknown or missing type would run as
 * {@code getSchemas}.
 */
final class JsonRequestTypes {
    /** The names Avatica's JSON decoding knows, read from its own mapping so that they cannot drift from it. */
    static final Set<String> KNOWN = Stream.of(
                    Service.Request.class.getAnnotation(JsonSubTypes.class).value())
            .map(JsonSubTypes.Type::name)
            .collect(Collectors.toCollection(TreeSet::new));

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonRequestTypes() {}

    /**
     * Reads the top-level {@code "request"} field of {@code body} and refuses an unknown or missing one. A body that is
     * not a JSON object is left to Avatica's decoding, which says what is wrong with it.
     *
     * @throws MalformedRequestException if the type is missing, not a string, or unknown
     */
    static void requireKnown(String body) {
        @Nullable String type;
        try (JsonParser parser = FACTORY.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            type = findRequestField(parser);
        } catch (IOException e) {
            return; // not JSON: Avatica's decoder reports it
        }
        if (type == null) {
            throw new MalformedRequestException(
                    "The JSON request has no \"request\" field naming its type; known types: " + KNOWN, null);
        }
        if (!KNOWN.contains(type)) {
            throw new MalformedRequestException(
                    "Unknown Avatica request type '" + abbreviate(type) + "'; known types: " + KNOWN, null);
        }
    }

    private static @Nullable String findRequestField(JsonParser parser) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if ("request".equals(field)) {
                if (value != JsonToken.VALUE_STRING) {
                    throw new MalformedRequestException(
                            "The \"request\" field of a JSON request must be a string", null);
                }
                return parser.getText();
            }
            parser.skipChildren();
        }
        return null;
    }

    /** A client-chosen name, cut so that a long one does not fill the error message. */
    private static String abbreviate(String type) {
        return type.length() <= 64 ? type : type.substring(0, 64) + "...";
    }
}
