/**
 * JMH suites: what Avatica's protobuf and JSON encodings cost for the result pages the gateway sends, and how the
 * JSON path should hold its Jackson {@code ObjectMapper}. Run them with {@code bin/sluice-jmh}.
 */
@NullMarked
package dev.sluice.bench.jmh;

import org.jspecify.annotations.NullMarked;
