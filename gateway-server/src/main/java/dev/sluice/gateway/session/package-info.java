/** Gateway sessions: one Flink {@code TableEnvironment} per JDBC connection, its owner, its registry and its limits. */
@NullMarked
package dev.sluice.gateway.session;

import org.jspecify.annotations.NullMarked;
