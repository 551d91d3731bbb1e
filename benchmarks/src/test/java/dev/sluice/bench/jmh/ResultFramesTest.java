package dev.sluice.bench.jmh;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.sql.Types;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ResultFramesTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 10, 1_000})
    void buildsTheRequestedRowCountWithFiveColumns(int rowCount) {
        ResultFrames frames = ResultFrames.generate(rowCount);

        assertThat(frames.rows())
                .hasSize(rowCount)
                .allSatisfy(row -> assertThat((List<?>) row).hasSize(5));
        assertThat(frames.columns()).hasSize(5);
        assertThat(frames.fetchResponse().frame.rows).hasSize(rowCount);
        assertThat(frames.resultSetResponse().firstFrame.rows).hasSize(rowCount);
    }

    @Test
    void describesTheColumnsLikeTheGateway() {
        List<ColumnMetaData> columns = ResultFrames.generate(1).columns();

        assertThat(columns)
                .extracting(column -> column.columnName)
                .containsExactly("name", "id", "measure", "amount", "event_time");
        assertThat(columns)
                .extracting(column -> column.type.id)
                .containsExactly(Types.VARCHAR, Types.BIGINT, Types.DOUBLE, Types.DECIMAL, Types.TIMESTAMP);
        assertThat(columns)
                .extracting(column -> column.type.rep)
                .containsExactly(
                        ColumnMetaData.Rep.STRING,
                        ColumnMetaData.Rep.PRIMITIVE_LONG,
                        ColumnMetaData.Rep.PRIMITIVE_DOUBLE,
                        ColumnMetaData.Rep.NUMBER,
                        ColumnMetaData.Rep.PRIMITIVE_LONG);
        assertThat(columns.get(3).precision).isEqualTo(12);
        assertThat(columns.get(3).scale).isEqualTo(2);
    }

    @Test
    void producesTheWireValuesOfEachColumnType() {
        assertThat(ResultFrames.generate(1_000).rows()).allSatisfy(row -> {
            List<?> values = (List<?>) row;
            assertThat(values.get(0))
                    .isInstanceOfSatisfying(
                            String.class, name -> assertThat(name.length()).isBetween(8, 24));
            assertThat(values.get(1)).isInstanceOf(Long.class);
            assertThat(values.get(2)).isInstanceOf(Double.class);
            assertThat(values.get(3)).isInstanceOfSatisfying(BigDecimal.class, amount -> {
                assertThat(amount.scale()).isEqualTo(2);
                assertThat(amount.precision()).isLessThanOrEqualTo(12);
            });
            assertThat(values.get(4)).isInstanceOf(Long.class);
        });
    }

    @Test
    void givesTheSameRowsForTheSameSeed() {
        assertThat(ResultFrames.generate(100, 42).rows())
                .isEqualTo(ResultFrames.generate(100, 42).rows())
                .isNotEqualTo(ResultFrames.generate(100, 43).rows());
    }

    @Test
    void rejectsNegativeRowCount() {
        assertThatThrownBy(() -> ResultFrames.generate(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rowCount must be at least 0, was -1");
    }

    @Test
    void protobufRoundTripOfFetchResponseGivesBackEqualValues() throws Exception {
        ProtobufTranslationImpl protobuf = new ProtobufTranslationImpl();
        Service.FetchResponse response = ResultFrames.generate(1_000).fetchResponse();

        Service.Response decoded = protobuf.parseResponse(protobuf.serializeResponse(response));

        assertThat(decoded).isEqualTo(response);
    }

    @Test
    void protobufRoundTripOfResultSetResponseKeepsSignatureAndFirstFrame() throws Exception {
        ProtobufTranslationImpl protobuf = new ProtobufTranslationImpl();
        ResultFrames frames = ResultFrames.generate(100);

        // Avatica sends a result set as one of the results of an execute response
        Service.ExecuteResponse execute = new Service.ExecuteResponse(
                List.of(frames.resultSetResponse()), false, frames.fetchResponse().rpcMetadata);
        Service.Response decoded = protobuf.parseResponse(protobuf.serializeResponse(execute));

        assertThat(decoded).isEqualTo(execute);
    }

    @Test
    void jsonRoundTripOfFetchResponseGivesBackEqualValues() throws Exception {
        ResultFrames frames = ResultFrames.generate(1_000);
        Service.FetchResponse response = frames.fetchResponse();

        Service.Response decoded =
                JsonService.MAPPER.readValue(JsonService.MAPPER.writeValueAsString(response), Service.Response.class);

        assertThat(decoded).isInstanceOfSatisfying(Service.FetchResponse.class, fetch -> {
            assertThat(fetch.rpcMetadata).isEqualTo(response.rpcMetadata);
            assertThat(fetch.missingStatement).isFalse();
            assertThat(fetch.missingResults).isFalse();
            assertFrameCarriesSameValues(fetch.frame, response.frame, frames.columns());
        });
    }

    @Test
    void jsonRoundTripOfResultSetResponseKeepsSignatureAndFirstFrame() throws Exception {
        ResultFrames frames = ResultFrames.generate(100);
        Service.ResultSetResponse response = frames.resultSetResponse();

        Service.Response decoded =
                JsonService.MAPPER.readValue(JsonService.MAPPER.writeValueAsString(response), Service.Response.class);

        assertThat(decoded).isInstanceOfSatisfying(Service.ResultSetResponse.class, resultSet -> {
            assertThat(resultSet.signature).isEqualTo(response.signature);
            assertThat(resultSet.connectionId).isEqualTo(response.connectionId);
            assertThat(resultSet.statementId).isEqualTo(response.statementId);
            assertFrameCarriesSameValues(resultSet.firstFrame, response.firstFrame, frames.columns());
        });
    }

    private static void assertFrameCarriesSameValues(
            Meta.Frame actual, Meta.Frame expected, List<ColumnMetaData> columns) {
        assertThat(actual.offset).isEqualTo(expected.offset);
        assertThat(actual.done).isEqualTo(expected.done);
        assertThat(ClientValues.of(actual, columns)).isEqualTo(ClientValues.of(expected, columns));
    }
}
