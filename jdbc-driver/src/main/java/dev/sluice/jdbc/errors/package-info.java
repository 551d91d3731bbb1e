/**
 * The driver's SQLStates ({@link dev.sluice.jdbc.errors.SqlStates}) and how an SQLState becomes the standard JDBC
 * subclass of {@code SQLException} ({@link dev.sluice.jdbc.errors.SqlExceptions}).
 */
@NullMarked
package dev.sluice.jdbc.errors;

import org.jspecify.annotations.NullMarked;
