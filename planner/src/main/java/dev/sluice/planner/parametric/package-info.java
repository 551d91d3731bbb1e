/**
 * Plans that serve a statement whatever its literal values: the literals a statement's plan may take again with other
 * values ({@link dev.sluice.planner.parametric.StatementLiterals}), the stand-in values it is planned with ({@link
 * dev.sluice.planner.parametric.Sentinels}), and the plan with the places of those values, proven by planning twice
 * with different stand-ins ({@link dev.sluice.planner.parametric.PlanTemplate}).
 */
@NullMarked
package dev.sluice.planner.parametric;

import org.jspecify.annotations.NullMarked;
