/**
 * Running a session's statements: the statement and its limits, the runner that hands a query to Flink (collected or
 * pushed, alone or riding in a shared job), answers without a job, and the bound on statements that run at once.
 */
@NullMarked
package dev.sluice.gateway.statement;

import org.jspecify.annotations.NullMarked;
