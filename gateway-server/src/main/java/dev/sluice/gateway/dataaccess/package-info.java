/**
 * The data-access policy ({@code sluice.security.data.*}): which connectors and catalog types a session's statements
 * may declare, which places their tables may read and write, and the gateway's own files that no statement reaches.
 * The planner finds what a statement touches ({@link dev.sluice.planner.access}); this package judges it.
 */
@NullMarked
package dev.sluice.gateway.dataaccess;

import org.jspecify.annotations.NullMarked;
