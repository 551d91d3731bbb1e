/**
 * Running jobs on a session cluster through the session cache's clients: {@link ClusterPipelineExecutor} submits a
 * session's jobs (after admission, with the jars they need), and every wait on and call to a job lives here too: its
 * start ({@link JobStartWait}), its end ({@link JobEndWait}, {@link JobEndWatcher}), its lifetime, its cancel and its
 * stop, and the reader of Flink's collect sink.
 */
@NullMarked
package dev.sluice.jobs;

import org.jspecify.annotations.NullMarked;
