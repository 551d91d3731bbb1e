/**
 * What a statement would touch (tables and catalogs it declares, tables it reads and writes, plan files), found after
 * Flink parsed it and before it runs, and the seam where a session's data-access policy judges it.
 */
@NullMarked
package dev.sluice.planner.access;

import org.jspecify.annotations.NullMarked;
