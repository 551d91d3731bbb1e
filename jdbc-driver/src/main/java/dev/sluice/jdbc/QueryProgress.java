package dev.sluice.jdbc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * How far a running statement got on the gateway, as a {@link ProgressListener} is told.
 *
 * @param phase where it is: {@code planning} until its Flink job is submitted (planning, the wait for the cluster's
 *     admission, the submission), {@code running} until its first row, {@code reading} until the end of its result
 *     reaches the gateway, {@code delivering} while the client reads the rest
 * @param elapsed since the gateway started the statement
 * @param rows rows of its result that came from its job so far
 * @param jobId the Flink job that runs it, once submitted
 */
public record QueryProgress(
        String phase, Duration elapsed, long rows, @Nullable String jobId) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public QueryProgress {
        requireNonNull(phase, "phase is null");
        requireNonNull(elapsed, "elapsed is null");
    }

    /** The Flink job id, once the statement's job was submitted. */
    public Optional<String> findJobId() {
        return Optional.ofNullable(jobId);
    }

    /**
     * The statement of the gateway's {@code GET /api/queries/SESSION/STATEMENT} answer, if it still runs.
     *
     * @throws IOException if the answer is not such a JSON object
     */
    static Optional<QueryProgress> fromJson(String json) throws IOException {
        JsonNode statement = JSON.readTree(json);
        if (statement == null || !statement.path("running").asBoolean(false)) {
            return Optional.empty();
        }
        JsonNode jobId = statement.path("job_id");
        return Optional.of(new QueryProgress(
                statement.path("phase").asText("running"),
                Duration.ofNanos((long) (statement.path("elapsed_ms").asDouble(0) * 1_000_000)),
                statement.path("rows").asLong(0),
                jobId.isTextual() ? jobId.asText() : null));
    }
}
