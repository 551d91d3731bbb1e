package dev.sluice.gateway.avatica;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
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

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
