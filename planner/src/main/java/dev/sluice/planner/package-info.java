/**
 * The SQL front end of Sluice: understands a statement before any job exists.
 *
 * <p>{@link dev.sluice.planner.StatementPlanner} is the entry point: it lexes and classifies a statement once and
 * returns a {@link dev.sluice.planner.PlannedStatement} (kind, tokens, normal form, and the
 * {@link dev.sluice.planner.StatementRoute} that says what runs it), which every later step reads. The packages below
 * use Flink's own parser and validator: {@code plan} (prepare-time analysis, constant queries), {@code cache} (the plan
 * cache of queries with a job), {@code catalog} (catalog metadata) and {@code flink} (the one home of Flink's and
 * Calcite's internal APIs).
 *
 * <p>{@link dev.sluice.planner.StatementClassifier} decides what a statement is (query, DML, DDL, {@code SET}, ...)
 * so that the gateway answers it the right way; {@link dev.sluice.planner.SessionOptionStatement} parses the session
 * statements that Flink's {@code TableEnvironment} does not execute itself, and
 * {@link dev.sluice.planner.PrimaryKeysStatement} Sluice's own {@code SHOW PRIMARY KEYS}. {@link dev.sluice.planner.SqlLexer} knows
 * Flink SQL's lexical rules, which {@link dev.sluice.planner.ParameterizedSql} uses to find {@code ?} markers and
 * replace them with literals from {@link dev.sluice.planner.SqlLiterals}; {@link dev.sluice.planner.MetadataPattern}
 * matches {@code DatabaseMetaData} search patterns.
 */
@NullMarked
package dev.sluice.planner;

import org.jspecify.annotations.NullMarked;
