/**
 * {@code bin/sluice-sql}: sqlline with the Sluice driver, and a status line while a statement runs. Only the shell
 * loads these classes; a BI tool that loads the driver never does.
 */
@NullMarked
package dev.sluice.jdbc.shell;

import org.jspecify.annotations.NullMarked;
