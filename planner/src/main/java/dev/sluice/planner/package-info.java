/**
 * The SQL front end of Sluice: understands a statement before any job exists.
 *
 * <p>{@link dev.sluice.planner.StatementClassifier} decides what a statement is (query, DML, DDL, {@code SET}, ...)
 * so that the gateway answers it the right way; {@link dev.sluice.planner.SetStatement} parses the session
 * statements that Flink's {@code TableEnvironment} does not execute itself.
 */
@NullMarked
package dev.sluice.planner;

import org.jspecify.annotations.NullMarked;
