package dev.sluice.jdbc.transport;

import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.apache.calcite.avatica.remote.TypedValue;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

final class FetchResponseDecoderTest {
    private static final String FETCH_RESPONSE = Responses.FetchResponse.class.getName();

    @Test
    void decodesEveryTypeTheGatewaySendsAsAvaticaDoes() throws IOException {
        List<Object> values = new ArrayList<>(List.of(
                0L,
                1L,
                -1L,
                Long.MIN_VALUE,
                Long.MAX_VALUE,
                0,
                Integer.MIN_VALUE,
                Integer.MAX_VALUE,
                (short) -32768,
                (short) 32767,
                (byte) -128,
                (byte) 127,
                0.0d,
                -0.0d,
                Double.NaN,
                Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE,
                Double.MAX_VALUE,
                1.5f,
                Float.NaN,
                -Float.MAX_VALUE,
                BigDecimal.ZERO,
                new BigDecimal("-1234567890.12"),
                new BigDecimal("0E-10"),
                new BigDecimal("1E+30"),
                new BigDecimal("123456789012345678901234567890.123456789"),
                "",
                "sixteen chars ok",
                "grüße, 東京, \uD83D\uDE00",
                'x',
                new byte[0],
                allBytes(),
                true,
                false,
                new Timestamp(0),
                new Timestamp(-62135596800000L),
                new Timestamp(253402300799999L),
                new java.sql.Date(86_400_000L * 19_000),
                new Time(45_296_789)));
        values.add(null);

        assertDecodedAsAvaticaDoes(envelope(frame(12_345, true, List.of(values, values))));
    }

    @Test
    void decodesNullsInEveryColumnAndRowsOfDifferentWidths() throws IOException {
        List<Object> nulls = Arrays.asList(null, null, null);

        assertDecodedAsAvaticaDoes(envelope(frame(0, false, List.of(nulls, List.of(1L), List.of()))));
    }

    @Test
    void decodesValuesTheGatewayWritesOnlyInTheirSerialForm() throws IOException {
        List<Common.TypedValue> typed = List.of(
                number(Common.Rep.NUMBER, 42),
                number(Common.Rep.JAVA_UTIL_DATE, -1),
                number(Common.Rep.PRIMITIVE_LONG, Long.MIN_VALUE),
                number(Common.Rep.PRIMITIVE_INT, -7),
                number(Common.Rep.PRIMITIVE_SHORT, 300),
                number(Common.Rep.PRIMITIVE_BYTE, 255),
                number(Common.Rep.PRIMITIVE_FLOAT, Float.floatToIntBits(-2.5f)),
                number(Common.Rep.JAVA_SQL_DATE, -719_162),
                Common.TypedValue.newBuilder()
                        .setType(Common.Rep.PRIMITIVE_DOUBLE)
                        .setDoubleValue(3.25)
                        .build(),
                Common.TypedValue.newBuilder()
                        .setType(Common.Rep.PRIMITIVE_BOOLEAN)
                        .setBoolValue(true)
                        .build(),
                Common.TypedValue.newBuilder()
                        .setType(Common.Rep.PRIMITIVE_CHAR)
                        .setStringValue("é")
                        .build(),
                Common.TypedValue.newBuilder()
                        .setType(Common.Rep.STRING)
                        .setImplicitlyNull(true)
                        .build(),
                Common.TypedValue.getDefaultInstance());

        assertDecodedAsAvaticaDoes(envelope(frameOf(0, false, List.of(typed))));
    }

    @Test
    void decodesAResponseWithoutFrameAndItsMetadata() throws IOException {
        assertDecodedAsAvaticaDoes(envelope(Responses.FetchResponse.newBuilder()
                .setMissingStatement(true)
                .setMetadata(Responses.RpcMetadata.newBuilder().setServerAddress("gateway-1:8765"))
                .build()));
        assertDecodedAsAvaticaDoes(envelope(
                Responses.FetchResponse.newBuilder().setMissingResults(true).build()));
        assertDecodedAsAvaticaDoes(envelope(Responses.FetchResponse.getDefaultInstance()));
    }

    @Test
    void leavesWhatAvaticasDecodingRejectsToIt() throws IOException {
        Common.TypedValue bigInteger = Common.TypedValue.newBuilder()
                .setType(Common.Rep.BIG_INTEGER)
                .setBytesValue(
                        com.google.protobuf.ByteString.copyFrom(new BigInteger("-98765432109876543210").toByteArray()))
                .build();
        Common.TypedValue emptyCharacter =
                Common.TypedValue.newBuilder().setType(Common.Rep.CHARACTER).build();
        Common.TypedValue emptyDecimal =
                Common.TypedValue.newBuilder().setType(Common.Rep.BIG_DECIMAL).build();

        assertLeftToAvatica(envelope(frameOf(0, true, List.of(List.of(bigInteger)))));
        assertLeftToAvatica(envelope(frameOf(0, true, List.of(List.of(emptyCharacter)))));
        assertLeftToAvatica(envelope(frameOf(0, true, List.of(List.of(emptyDecimal)))));
        assertLeftToAvatica(envelope(Responses.FetchResponse.newBuilder()
                .setMetadata(Responses.RpcMetadata.getDefaultInstance())
                .build()));
    }

    @Test
    void leavesAnArrayToAvatica() throws IOException {
        Common.TypedValue.Builder array = Common.TypedValue.newBuilder();
        TypedValue.toProto(array, List.of(1, 2));

        assertLeftToAvatica(envelope(frameOf(0, true, List.of(List.of(array.build())))));
    }

    @Test
    void leavesAColumnValueWithTheLegacyValueListToAvatica() throws IOException {
        Common.TypedValue one = typedValue(1L);
        Common.Row row = Common.Row.newBuilder()
                .addValue(Common.ColumnValue.newBuilder().setScalarValue(one).addValue(one))
                .build();

        assertLeftToAvatica(
                envelope(responseOf(Common.Frame.newBuilder().addRows(row).build())));
    }

    @Test
    void leavesAnArrayColumnValueToAvatica() throws IOException {
        Common.Row row = Common.Row.newBuilder()
                .addValue(Common.ColumnValue.newBuilder().setHasArrayValue(true).addArrayValue(typedValue(1L)))
                .build();

        assertLeftToAvatica(
                envelope(responseOf(Common.Frame.newBuilder().addRows(row).build())));
    }

    @Test
    void leavesADecimalInThePre18FormToAvatica() throws IOException {
        Common.TypedValue decimal = Common.TypedValue.newBuilder()
                .setType(Common.Rep.BIG_DECIMAL)
                .setBytesValue(com.google.protobuf.ByteString.copyFrom(
                        BigInteger.valueOf(12345).toByteArray()))
                .setNumberValue(2)
                .build();

        assertLeftToAvatica(envelope(frameOf(0, true, List.of(List.of(decimal)))));
    }

    @Test
    void leavesANullObjectAndAScalarWithAComponentTypeToAvatica() throws IOException {
        assertLeftToAvatica(envelope(frameOf(
                0,
                true,
                List.of(List.of(Common.TypedValue.newBuilder()
                        .setType(Common.Rep.OBJECT)
                        .setNull(true)
                        .build())))));
        assertLeftToAvatica(envelope(frameOf(
                0,
                true,
                List.of(List.of(Common.TypedValue.newBuilder()
                        .setType(Common.Rep.LONG)
                        .setNumberValue(1)
                        .setComponentType(Common.Rep.LONG)
                        .build())))));
    }

    @Test
    void leavesUnknownFieldsToAvatica() throws IOException {
        byte[] frame = envelope(frame(0, true, List.of(List.of(1L))));
        // an unknown field (number 15, varint 1) appended to the fetch response, inside the envelope's length
        Responses.FetchResponse response = Responses.FetchResponse.parseFrom(
                Common.WireMessage.parseFrom(frame).getWrappedMessage());
        byte[] withUnknown = concat(response.toByteArray(), new byte[] {(byte) (15 << 3), 1});

        assertLeftToAvatica(Common.WireMessage.newBuilder()
                .setName(FETCH_RESPONSE)
                .setWrappedMessage(com.google.protobuf.ByteString.copyFrom(withUnknown))
                .build()
                .toByteArray());
    }

    @Test
    void leavesOtherResponsesToAvatica() throws IOException {
        byte[] close = Common.WireMessage.newBuilder()
                .setName(Responses.CloseStatementResponse.class.getName())
                .setWrappedMessage(
                        Responses.CloseStatementResponse.getDefaultInstance().toByteString())
                .build()
                .toByteArray();

        assertThat(FetchResponseDecoder.decode(close)).isNull();
        assertThat(new FetchDecodingTranslation().parseResponse(close))
                .isInstanceOf(Service.CloseStatementResponse.class);
    }

    @Test
    void leavesATruncatedResponseToAvatica() throws IOException {
        byte[] whole = envelope(frame(0, true, List.of(List.of("abc", 1L))));

        assertThat(FetchResponseDecoder.decode(Arrays.copyOf(whole, whole.length - 3)))
                .isNull();
    }

    /** The decoder's response equals Avatica's decoding of the same bytes, value by value and class by class. */
    private static void assertDecodedAsAvaticaDoes(byte[] envelope) throws IOException {
        Service.FetchResponse avatica = (Service.FetchResponse) new ProtobufTranslationImpl().parseResponse(envelope);
        Service.FetchResponse decoded = FetchResponseDecoder.decode(envelope);

        assertThat(decoded).isNotNull();
        assertSameResponse(decoded, avatica);
        assertSameResponse((Service.FetchResponse) new FetchDecodingTranslation().parseResponse(envelope), avatica);
    }

    private static void assertLeftToAvatica(byte[] envelope) throws IOException {
        assertThat(FetchResponseDecoder.decode(envelope)).isNull();
        Service.Response avatica;
        try {
            avatica = new ProtobufTranslationImpl().parseResponse(envelope);
        } catch (RuntimeException e) {
            return; // Avatica's own decoding rejects it, and so the translation does in Avatica's words
        }
        assertSameResponse(
                (Service.FetchResponse) new FetchDecodingTranslation().parseResponse(envelope),
                (Service.FetchResponse) avatica);
    }

    private static void assertSameResponse(Service.FetchResponse actual, Service.FetchResponse expected) {
        assertThat(actual.missingStatement).isEqualTo(expected.missingStatement);
        assertThat(actual.missingResults).isEqualTo(expected.missingResults);
        assertThat(actual.rpcMetadata == null ? "absent" : actual.rpcMetadata.serverAddress)
                .isEqualTo(expected.rpcMetadata == null ? "absent" : expected.rpcMetadata.serverAddress);
        assertSameFrame(actual.frame, expected.frame);
    }

    private static void assertSameFrame(Meta.Frame actual, Meta.Frame expected) {
        assertThat(actual.offset).isEqualTo(expected.offset);
        assertThat(actual.done).isEqualTo(expected.done);
        List<Object> actualRows = list(actual.rows);
        List<Object> expectedRows = list(expected.rows);
        assertThat(actualRows).hasSameSizeAs(expectedRows);
        for (int row = 0; row < expectedRows.size(); row++) {
            List<?> actualValues = (List<?>) actualRows.get(row);
            List<?> expectedValues = (List<?>) expectedRows.get(row);
            assertThat(actualValues).hasSameSizeAs(expectedValues);
            for (int column = 0; column < expectedValues.size(); column++) {
                assertSameValue(actualValues.get(column), expectedValues.get(column), row, column);
            }
        }
    }

    private static void assertSameValue(@Nullable Object actual, @Nullable Object expected, int row, int column) {
        String where = "row " + row + ", column " + column;
        if (expected == null) {
            assertThat(actual).as(where).isNull();
            return;
        }
        assertThat(actual).as(where).isNotNull();
        assertThat(actual.getClass()).as(where).isEqualTo(expected.getClass());
        if (expected instanceof byte[] bytes) {
            assertThat((byte[]) actual).as(where).isEqualTo(bytes);
        } else if (expected instanceof BigDecimal decimal) {
            // equals, not compareTo: the scale must survive too
            assertThat(actual).as(where).isEqualTo(decimal);
        } else {
            assertThat(actual).as(where).isEqualTo(expected);
        }
    }

    private static List<Object> list(Iterable<Object> rows) {
        List<Object> list = new ArrayList<>();
        rows.forEach(list::add);
        return list;
    }

    /** A frame of {@code rows} encoded as the gateway does: each value by Avatica's {@code TypedValue.toProto}. */
    private static Responses.FetchResponse frame(long offset, boolean done, List<List<Object>> rows) {
        List<List<Common.TypedValue>> typed = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Common.TypedValue> values = new ArrayList<>();
            for (Object value : row) {
                values.add(typedValue(value));
            }
            typed.add(values);
        }
        return frameOf(offset, done, typed);
    }

    /** A frame with each value as its column's scalar value alone, as the gateway writes it. */
    private static Responses.FetchResponse frameOf(long offset, boolean done, List<List<Common.TypedValue>> rows) {
        Common.Frame.Builder frame = Common.Frame.newBuilder().setOffset(offset).setDone(done);
        for (List<Common.TypedValue> row : rows) {
            Common.Row.Builder protoRow = Common.Row.newBuilder();
            for (Common.TypedValue value : row) {
                protoRow.addValue(Common.ColumnValue.newBuilder().setScalarValue(value));
            }
            frame.addRows(protoRow);
        }
        return responseOf(frame.build());
    }

    private static Responses.FetchResponse responseOf(Common.Frame frame) {
        return Responses.FetchResponse.newBuilder()
                .setFrame(frame)
                .setMetadata(Responses.RpcMetadata.newBuilder().setServerAddress("127.0.0.1:8765"))
                .build();
    }

    private static Common.TypedValue typedValue(@Nullable Object value) {
        Common.TypedValue.Builder builder = Common.TypedValue.newBuilder();
        TypedValue.toProto(builder, value);
        return builder.build();
    }

    private static Common.TypedValue number(Common.Rep type, long number) {
        return Common.TypedValue.newBuilder()
                .setType(type)
                .setNumberValue(number)
                .build();
    }

    private static byte[] envelope(Responses.FetchResponse response) {
        return Common.WireMessage.newBuilder()
                .setName(FETCH_RESPONSE)
                .setWrappedMessage(response.toByteString())
                .build()
                .toByteArray();
    }

    private static byte[] allBytes() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
