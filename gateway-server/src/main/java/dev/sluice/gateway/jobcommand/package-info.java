/** The job commands of a session: {@code SHOW JOBS} and {@code STOP JOB}, and who owns which job. */
@NullMarked
package dev.sluice.gateway.jobcommand;

import org.jspecify.annotations.NullMarked;
