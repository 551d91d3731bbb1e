package dev.sluice.gateway.testing;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** What {@code SHOW JOBS} says of a job, for tests that wait for a job to run or end. */
public final class ShowJobs {
    private ShowJobs() {}

    /** The status of the job named {@code jobName} ({@code pipeline.name}), or "(not listed)". */
    public static String status(Statement statement, String jobName) throws SQLException {
        try (ResultSet jobs = statement.executeQuery("show jobs")) {
            while (jobs.next()) {
                if (jobs.getString("job name").equals(jobName)) {
                    return jobs.getString("status");
                }
            }
        }
        return "(not listed)";
    }
}
