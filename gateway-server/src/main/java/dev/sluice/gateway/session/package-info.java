/** Gateway sessions: one Flink {@code TableEnvironment} per JDBC connection, its statements and results. */
@NullMarked
package dev.sluice.gateway.session;

import org.jspecify.annotations.NullMarked;
