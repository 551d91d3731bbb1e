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
    void leavesAMessageOfAnotherNameOrNoEnvelopeAsItIs() {
        byte[] other = WireMessage.newBuilder().setName(EXECUTE).build().toByteArray();
        assertThat(RelocatedWireNames.rename(other, SHADED, "")).isSameAs(other);

        byte[] notProtobuf = {(byte) 0xff, (byte) 0xff, (byte) 0xff};
        assertThat(RelocatedWireNames.rename(notProtobuf, SHADED, "")).isSameAs(notProtobuf);
    }
}
