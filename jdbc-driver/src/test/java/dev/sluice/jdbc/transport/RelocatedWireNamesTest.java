package dev.sluice.jdbc.transport;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class RelocatedWireNamesTest {
    private static final String SHADED = "dev.sluice.jdbc.shaded.";
    private static final String EXECUTE = "org.apache.calcite.avatica.proto.Requests$ExecuteRequest";

    @Test
    void findsNoPrefixInTheUnshadedClasses() {
        assertThat(RelocatedWireNames.relocated()).isFalse();
        assertThat(RelocatedWireNames.prefix(WireMessage.class.getName())).isEmpty();
    }

    @Test
    void findsTheRelocationPrefix() {
        assertThat(RelocatedWireNames.prefix(SHADED + WireMessage.class.getName()))
                .isEqualTo(SHADED);
    }

    @Test
    void refusesAnUnexpectedClassName() {
        assertThatThrownBy(() -> RelocatedWireNames.prefix("com.example.WireMessage"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Avatica's WireMessage is loaded under an unexpected name: com.example.WireMessage");
    }

    @Test
    void takesThePrefixOffAndPutsItBackKeepingTheMessage() throws InvalidProtocolBufferException {
        ByteString payload = ByteString.copyFromUtf8("the wrapped request");
        byte[] relocated = WireMessage.newBuilder()
                .setName(SHADED + EXECUTE)
                .setWrappedMessage(payload)
                .build()
                .toByteArray();

        WireMessage onTheWire = WireMessage.parseFrom(RelocatedWireNames.rename(relocated, SHADED, ""));
        assertThat(onTheWire.getName()).isEqualTo(EXECUTE);
        assertThat(onTheWire.getWrappedMessage()).isEqualTo(payload);

        byte[] back = RelocatedWireNames.rename(onTheWire.toByteArray(), "", SHADED);
        assertThat(back).isEqualTo(relocated);
    }

    @Test
    void renamesAnEnvelopeOfMegabytesKeepingEveryByteOfItsMessage() throws InvalidProtocolBufferException {
        byte[] frame = new byte[3 << 20];
        new java.util.Random(7).nextBytes(frame);
        byte[] fromGateway = WireMessage.newBuilder()
                .setName(EXECUTE)
                .setWrappedMessage(ByteString.copyFrom(frame))
                .build()
                .toByteArray();

        byte[] renamed = RelocatedWireNames.rename(fromGateway, "", SHADED);

        WireMessage relocated = WireMessage.parseFrom(renamed);
        assertThat(relocated.getName()).isEqualTo(SHADED + EXECUTE);
        assertThat(relocated.getWrappedMessage().toByteArray()).isEqualTo(frame);
        assertThat(RelocatedWireNames.rename(renamed, SHADED, "")).isEqualTo(fromGateway);
    }

    @Test
    void renamesAnEnvelopeWhoseNameIsNotFirst() throws InvalidProtocolBufferException {
        ByteString payload = ByteString.copyFromUtf8("wrapped");
        // the wrapped message before the name: valid protobuf, though not how Avatica writes it
        byte[] reordered = concat(
                WireMessage.newBuilder().setWrappedMessage(payload).build().toByteArray(),
                WireMessage.newBuilder().setName(EXECUTE).build().toByteArray());

        WireMessage relocated = WireMessage.parseFrom(RelocatedWireNames.rename(reordered, "", SHADED));

        assertThat(relocated.getName()).isEqualTo(SHADED + EXECUTE);
        assertThat(relocated.getWrappedMessage()).isEqualTo(payload);
    }

    @Test
    void leavesABodyThatOnlyStartsLikeAnEnvelopeToTheParser() {
        // a line feed is the envelope's first tag: an error page starting with one is no envelope all the same
        byte[] page = "\n<html>Bad gateway</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);

        assertThat(RelocatedWireNames.rename(page, "", SHADED)).isSameAs(page);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    @Test
    void leavesAMessageOfAnotherNameOrNoEnvelopeAsItIs() {
        byte[] other = WireMessage.newBuilder().setName(EXECUTE).build().toByteArray();
        assertThat(RelocatedWireNames.rename(other, SHADED, "")).isSameAs(other);

        byte[] notProtobuf = {(byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThat(RelocatedWireNames.rename(notProtobuf, SHADED, "")).isSameAs(notProtobuf);
    }
}
