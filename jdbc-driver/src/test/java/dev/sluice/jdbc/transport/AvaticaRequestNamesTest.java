package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class AvaticaRequestNamesTest {
    private static final Service.Request FETCH = new Service.FetchRequest("c", 1, 0, 100);
    private static final Service.Request EXECUTE = new Service.PrepareAndExecuteRequest("c", 1, "SELECT 1", -1);
    private static final Service.Request OPEN = new Service.OpenConnectionRequest("c", Map.of());
    private static final Service.Request METADATA = new Service.TablesRequest("c", null, null, "%", null);

    @Test
    void namesProtobufRequestsByTheirMessage() throws Exception {
        assertThat(AvaticaRequestNames.of(protobuf(FETCH))).isEqualTo("fetch");
        assertThat(AvaticaRequestNames.of(protobuf(EXECUTE))).isEqualTo("prepareAndExecute");
        assertThat(AvaticaRequestNames.of(protobuf(OPEN))).isEqualTo("openConnection");
        assertThat(AvaticaRequestNames.of(protobuf(METADATA))).isEqualTo("tables");
    }

    @Test
    void namesJsonRequestsByTheirType() throws Exception {
        assertThat(AvaticaRequestNames.of(json(FETCH))).isEqualTo("fetch");
        assertThat(AvaticaRequestNames.of(json(EXECUTE))).isEqualTo("prepareAndExecute");
        assertThat(AvaticaRequestNames.of(json(OPEN))).isEqualTo("openConnection");
        assertThat(AvaticaRequestNames.of(json(METADATA))).isEqualTo("getTables");
    }

    @Test
    void onlyExecutesAndFetchesAreHeld() throws Exception {
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(protobuf(FETCH))))
                .isTrue();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(protobuf(EXECUTE))))
                .isTrue();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(protobuf(OPEN))))
                .isFalse();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(protobuf(METADATA))))
                .isFalse();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(json(FETCH))))
                .isTrue();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(json(EXECUTE))))
                .isTrue();
        assertThat(AvaticaRequestNames.held(AvaticaRequestNames.of(json(METADATA))))
                .isFalse();
    }

    @Test
    void aBodyItCannotReadIsAPlainRequest() {
        assertThat(AvaticaRequestNames.of(new byte[0])).isEqualTo("request");
        assertThat(AvaticaRequestNames.of(new byte[] {0x0A, 0x7F, 'x'})).isEqualTo("request");
        assertThat(AvaticaRequestNames.of("{}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("request");
        assertThat(AvaticaRequestNames.held("request")).isFalse();
    }

    private static byte[] protobuf(Service.Request request) throws Exception {
        return new ProtobufTranslationImpl().serializeRequest(request);
    }

    private static byte[] json(Service.Request request) throws Exception {
        return JsonService.MAPPER.writeValueAsBytes(request);
    }
}
