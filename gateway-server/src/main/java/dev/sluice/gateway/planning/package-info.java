/**
 * The bound on a statement's planning time ({@code sluice.query.max-planning-time}): statements that may plan in Flink
 * run on planning workers while their request threads wait; a statement whose planning passes the bound, or that is
 * cancelled while it plans, is answered at once and runs nothing, and its session is refused to others until Flink's
 * planner, which cannot be stopped, has ended on its own.
 */
@NullMarked
package dev.sluice.gateway.planning;

import org.jspecify.annotations.NullMarked;
