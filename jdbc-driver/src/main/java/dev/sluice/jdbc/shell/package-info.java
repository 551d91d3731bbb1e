/**
 * {@code bin/sluice-sql}: sqlline with the Sluice driver, a status line while a statement runs, and the views of
 * streaming results ({@code !view}: tail, changelog, a table updated in place). Only the shell loads these classes; a
 * BI tool that loads the driver never does.
 */
@NullMarked
package dev.sluice.jdbc.shell;

import org.jspecify.annotations.NullMarked;
