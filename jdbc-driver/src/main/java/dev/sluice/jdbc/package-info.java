/**
 * The Sluice JDBC driver: {@code jdbc:sluice://host:port}, built on Avatica's remote driver.
 *
 * <p>Load it by class name {@code dev.sluice.jdbc.SluiceDriver} or through {@link java.sql.DriverManager}, which finds
 * it by {@link java.util.ServiceLoader}.
 */
@NullMarked
package dev.sluice.jdbc;

import org.jspecify.annotations.NullMarked;
