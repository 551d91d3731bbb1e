/**
 * Authorization on the shared catalogs in the style of Trino's file-based access control: a rules file of admins,
 * groups and table rules (reloaded on change), applied to what a statement reads, writes, creates, alters and drops
 * after Flink resolved it, and to what metadata lists.
 */
@NullMarked
package dev.sluice.gateway.authorization;

import org.jspecify.annotations.NullMarked;
