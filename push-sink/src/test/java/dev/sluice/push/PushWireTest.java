package dev.sluice.push;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class PushWireTest {
    private static final byte[] SECRET = {1, 2, 3, 4, 5, 6, 7, 8};

    @Test
    void helloRoundTripsWithItsLengthPrefix() throws IOException {
        PushWire.Hello hello = new PushWire.Hello(42, SECRET, 7, 11, 3);
        DataOutputSerializer out = new DataOutputSerializer(64);
        hello.writeFrame(out);

        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        int length = in.readInt();
        assertThat(length)
                .isEqualTo(out.length() - PushWire.LENGTH_BYTES)
                .isLessThanOrEqualTo(PushWire.MAX_HELLO_BYTES);
        assertThat(in.readByte()).isEqualTo(PushWire.HELLO);
        PushWire.Hello read = PushWire.Hello.read(in);
        assertThat(read.resultId()).isEqualTo(42);
        assertThat(read.secret()).isEqualTo(SECRET);
        assertThat(read.jobIdUpper()).isEqualTo(7);
        assertThat(read.jobIdLower()).isEqualTo(11);
        assertThat(read.attempt()).isEqualTo(3);
    }

    @Test
    void largestHelloFitsTheHelloBound() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        new PushWire.Hello(Long.MAX_VALUE, new byte[PushWire.MAX_SECRET_BYTES], -1, -1, Integer.MAX_VALUE)
                .writeFrame(out);
        assertThat(out.length() - PushWire.LENGTH_BYTES).isLessThanOrEqualTo(PushWire.MAX_HELLO_BYTES);
    }

    @Test
    void rejectsAHelloOfAnotherMagicOrVersion() throws IOException {
        DataOutputSerializer wrongMagic = new DataOutputSerializer(16);
        wrongMagic.writeInt(0x47455420); // "GET ": someone speaking HTTP to the port
        assertThatThrownBy(() -> PushWire.Hello.read(new DataInputDeserializer(wrongMagic.getCopyOfBuffer())))
                .isInstanceOf(IOException.class)
                .hasMessage("not a push sink: magic 47455420");

        DataOutputSerializer wrongVersion = new DataOutputSerializer(16);
        wrongVersion.writeInt(PushWire.MAGIC);
        wrongVersion.writeByte(9);
        assertThatThrownBy(() -> PushWire.Hello.read(new DataInputDeserializer(wrongVersion.getCopyOfBuffer())))
                .isInstanceOf(IOException.class)
                .hasMessage("unsupported push wire version 9, expected 1");
    }

    @Test
    void rejectsASecretOutOfBounds() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        out.writeInt(PushWire.MAGIC);
        out.writeByte(PushWire.VERSION);
        out.writeLong(1);
        out.writeShort(PushWire.MAX_SECRET_BYTES + 1);
        assertThatThrownBy(() -> PushWire.Hello.read(new DataInputDeserializer(out.getCopyOfBuffer())))
                .isInstanceOf(IOException.class)
                .hasMessage("secret of 65 bytes, at most 64");
        assertThatThrownBy(() -> new PushWire.Hello(1, new byte[0], 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("secret must have 1 to 64 bytes, had 0");
    }

    @Test
    void endCarriesTheRowCountAndAckIsOneByte() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        PushWire.writeEnd(out, 123_456_789_000L);
        PushWire.writeAck(out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(in.readInt()).isEqualTo(9);
        assertThat(in.readByte()).isEqualTo(PushWire.END);
        assertThat(in.readLong()).isEqualTo(123_456_789_000L);
        assertThat(in.readInt()).isEqualTo(1);
        assertThat(in.readByte()).isEqualTo(PushWire.ACK);
    }

    @Test
    void frameLengthsAreBounded() {
        assertThat(PushWire.isValidFrameLength(1)).isTrue();
        assertThat(PushWire.isValidFrameLength(PushWire.MAX_FRAME_BYTES)).isTrue();
        assertThat(PushWire.isValidFrameLength(0)).isFalse();
        assertThat(PushWire.isValidFrameLength(PushWire.MAX_FRAME_BYTES + 1)).isFalse();
    }
}
