package dev.sluice.gateway.session;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * Wraps the executors a TableEnvironment finds so that the id of every job they submit is reported, and a check runs
 * before each job is built: the one place where all of a session's jobs pass, the collected, the pushed and the DML ones
 * alike.
 */
final class RecordingExecutors {
    private RecordingExecutors() {}

    /**
     * The executors of {@code loader}, each running {@code beforeJob} before it takes a job (which may refuse it, by
     * throwing) and reporting the id of every job it submits to {@code submitted}.
     */
    static PipelineExecutorServiceLoader recording(
            PipelineExecutorServiceLoader loader, Runnable beforeJob, Consumer<JobID> submitted) {
        requireNonNull(loader, "loader is null");
        requireNonNull(beforeJob, "beforeJob is null");
        requireNonNull(submitted, "submitted is null");
        return new PipelineExecutorServiceLoader() {
            @Override
            public PipelineExecutorFactory getExecutorFactory(Configuration configuration) throws Exception {
                return recording(loader.getExecutorFactory(configuration), beforeJob, submitted);
            }

            @Override
            public Stream<String> getExecutorNames() {
                return loader.getExecutorNames();
            }
        };
    }

    private static PipelineExecutorFactory recording(
            PipelineExecutorFactory factory, Runnable beforeJob, Consumer<JobID> submitted) {
        return new PipelineExecutorFactory() {
            @Override
            public String getName() {
                return factory.getName();
            }

            @Override
            public boolean isCompatibleWith(Configuration configuration) {
                return factory.isCompatibleWith(configuration);
            }

            @Override
            public PipelineExecutor getExecutor(Configuration configuration) {
                PipelineExecutor executor = factory.getExecutor(configuration);
                return new PipelineExecutor() {
                    @Override
                    public CompletableFuture<JobClient> execute(
                            Pipeline pipeline, Configuration jobConfiguration, ClassLoader userCodeClassLoader)
                            throws Exception {
                        beforeJob.run();
                        return executor.execute(pipeline, jobConfiguration, userCodeClassLoader)
                                .thenApply(job -> {
                                    submitted.accept(job.getJobID());
                                    return job;
                                });
                    }
                };
            }
        };
    }
}
