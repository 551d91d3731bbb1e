/**
 * A session's options: {@code SET}/{@code RESET}/{@code SHOW} of them, the Sluice options a session may scope to
 * itself, the per-query settings read from them, and the Flink defaults and batch profile a session starts with.
 */
@NullMarked
package dev.sluice.gateway.settings;

import org.jspecify.annotations.NullMarked;
