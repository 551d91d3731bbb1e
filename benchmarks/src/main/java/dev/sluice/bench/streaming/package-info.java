/** {@code sluice-streaming-bench}: how a streaming query behaves for its reader and for everyone else (issue #29). */
@NullMarked
package dev.sluice.bench.streaming;

import org.jspecify.annotations.NullMarked;
