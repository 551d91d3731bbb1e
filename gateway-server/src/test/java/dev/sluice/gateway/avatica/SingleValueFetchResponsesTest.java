package dev.sluice.gateway.avatica;

import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class SingleValueFetchResponsesTest {
    private static final ProtobufTranslationImpl AVATICA = new ProtobufTranslationImpl();

    /** Every kind of value {@link WireValues} puts in a frame, with the extremes of each. */
    private static final List<Object> VALUES = List.of(
            true,
            false,
            (byte) -128,
            (short) 32767,
            Integer.MIN_VALUE,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            -0.0d,
            Double.MAX_VALUE,
            Double.MIN_VALUE,
            Double.NaN,
            Double.NEGATIVE_INFINITY,
            1.1d,
            new BigDecimal("-7.07"),
            new BigDecimal("99999999999999999999999999999999999999"),
            new BigDecimal("-0.00000000000000000000000000000000000001"),
            new BigDecimal("0E-10"),
            new BigDecimal("1.20"),
            "",
            "text ü \u0000 \uD83D\uDE00",
            new byte[0],
            new byte[] {0, 1, (byte) 0xff},
            (int) LocalDate.of(1, 1, 1).toEpochDay(),
            (int) LocalDate.of(9999, 12, 31).toEpochDay(),
            86_399_999,
            LocalDateTime.of(1, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli(),
            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000)
                    .toInstant(ZoneOffset.UTC)
                    .toEpochMilli());

    @Test
    void everyValueReachesTheClientAsAvaticasOwnEncodingGivesIt() throws Exception {
        List<Object> rows = new ArrayList<>();
        rows.add(VALUES);
        rows.add(nulls(VALUES.size()));
        List<Object> reversed = new ArrayList<>(VALUES);
        java.util.Collections.reverse(reversed);
        rows.add(reversed);
        Service.FetchResponse response = new Service.FetchResponse(
                new Meta.Frame(5_000, false, rows), false, false, new Service.RpcMetadataResponse("gw:8765"));

        byte[] lean = SingleValueFetchResponses.serialize(response).orElseThrow();
        Service.FetchResponse ours = (Service.FetchResponse) AVATICA.parseResponse(lean);
        Service.FetchResponse avaticas =
                (Service.FetchResponse) AVATICA.parseResponse(AVATICA.serializeResponse(response));

        assertThat(ours.frame.offset).isEqualTo(5_000);
        assertThat(ours.frame.done).isFalse();
        assertThat(comparable(ours.frame)).hasSize(3).isEqualTo(comparable(avaticas.frame));
        assertThat(ours.rpcMetadata.serverAddress).isEqualTo("gw:8765");
        assertThat(ours.missingStatement).isEqualTo(avaticas.missingStatement);
        assertThat(ours.missingResults).isEqualTo(avaticas.missingResults);
    }

    @Test
    void aFrameOfMegabytesKeepsEveryLength() throws Exception {
        // lengths of one to four bytes: values, rows of hundreds of bytes, and a frame of megabytes
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(i % 2 == 0 ? VALUES : List.of((long) i, "row-" + i, i / 3.0, new BigDecimal(i).movePointLeft(2)));
        }
        Service.FetchResponse response =
                new Service.FetchResponse(new Meta.Frame(Long.MAX_VALUE - 20_000, true, rows), false, false, null);

        byte[] lean = SingleValueFetchResponses.serialize(response).orElseThrow();
        Service.FetchResponse ours = (Service.FetchResponse) AVATICA.parseResponse(lean);

        assertThat(lean.length).isGreaterThan(1 << 21);
        assertThat(ours.frame.offset).isEqualTo(Long.MAX_VALUE - 20_000);
        assertThat(ours.frame.done).isTrue();
        assertThat(comparable(ours.frame))
                .hasSize(20_000)
                .isEqualTo(comparable(
                        ((Service.FetchResponse) AVATICA.parseResponse(AVATICA.serializeResponse(response))).frame));
    }

    @Test
    void eachValueTravelsOnceAsItsScalarValue() throws Exception {
        Service.FetchResponse response =
                new Service.FetchResponse(new Meta.Frame(0, true, List.of(VALUES, nulls(3))), false, false, null);

        byte[] lean = SingleValueFetchResponses.serialize(response).orElseThrow();
        Common.WireMessage wire = Common.WireMessage.parseFrom(lean);
        Responses.FetchResponse fetch = Responses.FetchResponse.parseFrom(wire.getWrappedMessage());

        assertThat(wire.getName()).isEqualTo(Responses.FetchResponse.class.getName());
        for (Common.Row row : fetch.getFrame().getRowsList()) {
            for (Common.ColumnValue value : row.getValueList()) {
                assertThat(value.hasScalarValue()).isTrue();
                assertThat(value.getValueCount())
                        .as("the copy for pre-1.8 clients")
                        .isZero();
            }
        }
        assertThat(lean.length).isLessThan(AVATICA.serializeResponse(response).length);
    }

    @Test
    void theEndOfAResultAndAMissingStatementArriveAsBefore() throws Exception {
        Service.FetchResponse end = new Service.FetchResponse(new Meta.Frame(70, true, List.of()), false, false, null);
        Service.FetchResponse missing = new Service.FetchResponse(null, true, true, null);

        Service.FetchResponse endParsed = (Service.FetchResponse)
                AVATICA.parseResponse(SingleValueFetchResponses.serialize(end).orElseThrow());
        Service.FetchResponse missingParsed = (Service.FetchResponse) AVATICA.parseResponse(
                SingleValueFetchResponses.serialize(missing).orElseThrow());

        assertThat(endParsed.frame.offset).isEqualTo(70);
        assertThat(endParsed.frame.done).isTrue();
        assertThat(endParsed.frame.rows).isEmpty();
        assertThat(missingParsed.missingStatement).isTrue();
        assertThat(missingParsed.missingResults).isTrue();
        assertThat(missingParsed).isEqualTo(AVATICA.parseResponse(AVATICA.serializeResponse(missing)));
    }

    @Test
    void anArrayValueOrARowThatIsNoListIsLeftToAvatica() {
        Service.FetchResponse array = new Service.FetchResponse(
                new Meta.Frame(0, true, List.of(List.of(1, List.of(1, 2)))), false, false, null);
        Service.FetchResponse objectArrayRow = new Service.FetchResponse(
                new Meta.Frame(0, true, List.of((Object) new Object[] {1})), false, false, null);

        assertThat(SingleValueFetchResponses.serialize(array)).isEmpty();
        assertThat(SingleValueFetchResponses.serialize(objectArrayRow)).isEmpty();
    }

    private static List<Object> nulls(int count) {
        return new ArrayList<>(Arrays.asList(new Object[count]));
    }

    /** The frame's rows with byte arrays as lists, and each value's class, so that rows compare by content. */
    private static List<List<Object>> comparable(Meta.Frame frame) {
        List<List<Object>> rows = new ArrayList<>();
        for (Object row : frame.rows) {
            List<Object> values = new ArrayList<>();
            for (Object value : (List<?>) row) {
                Object content = value instanceof byte[] bytes ? Arrays.toString(bytes) : value;
                values.add(value == null ? "null" : value.getClass().getName() + ":" + content);
            }
            rows.add(values);
        }
        return rows;
    }
}
