package dev.sluice.gateway.avatica;

import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.RequestUser;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class AvaticaRequestHandlerTest {
    static Stream<Arguments> bodies() {
        return Stream.of(
                arguments("object", utf8("{\"request\":\"openConnection\"}"), true),
                arguments("object after white space", utf8(" \t\r\n{\"request\":\"openConnection\"}"), true),
                arguments("protobuf WireMessage", new byte[] {0x0A, 0x3F, 'o', 'r', 'g'}, false),
                arguments("text before the brace", utf8("x{}"), false),
                arguments("array", utf8("[{}]"), false),
                arguments("white space only", utf8("  \n"), false),
                arguments("empty", new byte[0], false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void tellsJsonFromProtobufByTheFirstSignificantByte(String description, byte[] body, boolean json) {
        assertThat(AvaticaRequestHandler.isJson(body)).isEqualTo(json);
    }

    @Test
    void answersAJsonRequestWhoseHandlingThrowsAnError() {
        AvaticaRequestHandler handler =
                new AvaticaRequestHandler(metaThrowing(new StackOverflowError()), new RequestUser());

        AvaticaRequestHandler.EncodedResponse response = handler.handle(
                utf8("{\"request\":\"openConnection\",\"connectionId\":\"c1\",\"info\":{}}"), GatewayUser.ANONYMOUS);

        assertThat(response.httpStatus()).isEqualTo(500);
        assertThat(response.contentType()).startsWith("application/json");
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains("\"response\":\"error\"")
                .contains("error id")
                .contains("\"sqlState\":\"HY000\"")
                .doesNotContain("StackOverflowError")
                .doesNotContain("\\tat ");
    }

    static Stream<Arguments> unknownJsonRequests() {
        return Stream.of(
                arguments(
                        "{\"request\":\"doesNotExist\",\"connectionId\":\"c1\"}",
                        "Unknown Avatica request type 'doesNotExist'"),
                arguments("{\"connectionId\":\"c1\"}", "field naming its type"),
                arguments("{\"request\":7}", "must be a string"),
                arguments(
                        "{\"a\":{\"request\":\"getSchemas\"},\"request\":\"nope\"}",
                        "Unknown Avatica request type 'nope'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unknownJsonRequests")
    void refusesAJsonRequestOfAnUnknownTypeInsteadOfRunningGetSchemas(String body, String message) {
        // the Meta throws if anything runs: nothing may
        AvaticaRequestHandler handler =
                new AvaticaRequestHandler(metaThrowing(new AssertionError("ran")), new RequestUser());

        AvaticaRequestHandler.EncodedResponse response = handler.handle(utf8(body), GatewayUser.ANONYMOUS);

        assertThat(response.httpStatus()).isEqualTo(400);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains(message)
                .contains("\"sqlState\":\"08S01\"");
    }

    @Test
    void knowsEveryRequestTypeOfAvatica() {
        assertThat(JsonRequestTypes.KNOWN).contains("openConnection", "prepareAndExecute", "fetch", "getSchemas");
    }

    @Test
    void answersAProtobufRequestWhoseHandlingThrowsAnError() throws Exception {
        AvaticaRequestHandler handler =
                new AvaticaRequestHandler(metaThrowing(new StackOverflowError()), new RequestUser());
        ProtobufTranslationImpl translation = new ProtobufTranslationImpl();

        AvaticaRequestHandler.EncodedResponse response = handler.handle(
                translation.serializeRequest(new Service.OpenConnectionRequest("c1", Map.of())), GatewayUser.ANONYMOUS);

        assertThat(response.httpStatus()).isEqualTo(500);
        assertThat(translation.parseResponse(response.body()))
                .isInstanceOfSatisfying(Service.ErrorResponse.class, error -> {
                    assertThat(error.errorMessage).contains("error id").doesNotContain("StackOverflowError");
                    assertThat(String.join("", error.exceptions)).doesNotContain("\tat ");
                    assertThat(error.sqlState).isEqualTo("HY000");
                    assertThat(error.errorCode).isEqualTo(SluiceErrorCode.GENERIC_INTERNAL_ERROR.code());
                });
    }

    /** A Meta whose every method throws {@code error}, as one that ran out of stack would. */
    private static Meta metaThrowing(Error error) {
        return (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(), new Class<?>[] {Meta.class}, (proxy, method, args) -> {
                    throw error;
                });
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
