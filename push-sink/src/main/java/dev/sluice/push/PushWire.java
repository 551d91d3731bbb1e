package dev.sluice.push;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The wire format between the push sink and the gateway's result endpoint, used by both ends.
 *
 * <p>Every message is a frame: a 4-byte big-endian length (of what follows it), a 1-byte type, and a payload. The
 * sink sends {@link #HELLO} first, then any number of {@link #ROWS}, then {@link #END}; the gateway answers
 * {@link #END} with {@link #ACK}, and says nothing else (a refused connection is simply closed). A connection that
 * closes before {@link #END} is a failure of the result, never its end.
 *
 * <ul>
 *   <li>HELLO: magic, version, result id (long), secret (short length + bytes), job id (two longs), attempt (int).
 *   <li>ROWS: row count (int), then each row as written by Flink's serializer for the row type.
 *   <li>END: the number of rows sent in all ROWS frames (long), so that the gateway can tell a lost frame.
 *   <li>ACK: no payload.
 * </ul>
 */
public final class PushWire {
    /** "SLUP": tells a push sink from anything else that happens to dial the port. */
    public static final int MAGIC = 0x534C5550;

    public static final byte VERSION = 1;

    public static final byte HELLO = 1;
    public static final byte ROWS = 2;
    public static final byte END = 3;
    public static final byte ACK = 4;

    /** Bytes of the length prefix, which counts the type byte and the payload. */
    public static final int LENGTH_BYTES = 4;

    /**
     * The largest frame (type and payload) either end accepts. A batch is flushed well before this; a single row
     * larger than this cannot be sent and fails the job with a message that says so.
     */
    public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

    /** The largest HELLO frame: its fields are fixed except the secret, which is bounded by {@link #MAX_SECRET_BYTES}. */
    public static final int MAX_HELLO_BYTES = 256;

    public static final int MAX_SECRET_BYTES = 64;

    /** Bytes of a ROWS frame before its first row: the type and the row count. */
    public static final int ROWS_HEADER_BYTES = 1 + 4;

    private PushWire() {}

    /** The first frame of a connection: which result it carries, and from which attempt of which job. */
    public record Hello(long resultId, byte[] secret, long jobIdUpper, long jobIdLower, int attempt) {
        public Hello {
            if (secret.length == 0 || secret.length > MAX_SECRET_BYTES) {
                throw new IllegalArgumentException(
                        "secret must have 1 to " + MAX_SECRET_BYTES + " bytes, had " + secret.length);
            }
            if (attempt < 0) {
                throw new IllegalArgumentException("attempt must not be negative, was " + attempt);
            }
            secret = secret.clone();
        }

        @Override
        public byte[] secret() {
            return secret.clone();
        }

        /** Writes the whole frame, length prefix included. */
        public void writeFrame(DataOutput out) throws IOException {
            out.writeInt(payloadBytes());
            out.writeByte(HELLO);
            out.writeInt(MAGIC);
            out.writeByte(VERSION);
            out.writeLong(resultId);
            out.writeShort(secret.length);
            out.write(secret);
            out.writeLong(jobIdUpper);
            out.writeLong(jobIdLower);
            out.writeInt(attempt);
        }

        private int payloadBytes() {
            return 1 + 4 + 1 + 8 + 2 + secret.length + 8 + 8 + 4;
        }

        /**
         * Reads a HELLO after its length prefix and type byte.
         *
         * @throws IOException if it is not a HELLO of this version or its fields are out of bounds
         */
        public static Hello read(DataInput in) throws IOException {
            int magic = in.readInt();
            if (magic != MAGIC) {
                throw new IOException("not a push sink: magic " + Integer.toHexString(magic));
            }
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IOException("unsupported push wire version " + version + ", expected " + VERSION);
            }
            long resultId = in.readLong();
            int secretLength = in.readUnsignedShort();
            if (secretLength == 0 || secretLength > MAX_SECRET_BYTES) {
                throw new IOException("secret of " + secretLength + " bytes, at most " + MAX_SECRET_BYTES);
            }
            byte[] secret = new byte[secretLength];
            in.readFully(secret);
            long upper = in.readLong();
            long lower = in.readLong();
            int attempt = in.readInt();
            if (attempt < 0) {
                throw new IOException("negative attempt " + attempt);
            }
            return new Hello(resultId, secret, upper, lower, attempt);
        }
    }

    /** Writes an END frame that says how many rows were sent. */
    public static void writeEnd(DataOutput out, long rowCount) throws IOException {
        out.writeInt(1 + 8);
        out.writeByte(END);
        out.writeLong(rowCount);
    }

    /** Writes an ACK frame. */
    public static void writeAck(DataOutput out) throws IOException {
        out.writeInt(1);
        out.writeByte(ACK);
    }

    /** Whether {@code frameBytes} (type and payload) is a length either end accepts. */
    public static boolean isValidFrameLength(int frameBytes) {
        return frameBytes >= 1 && frameBytes <= MAX_FRAME_BYTES;
    }
}
