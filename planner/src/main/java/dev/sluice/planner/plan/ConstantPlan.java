package dev.sluice.planner.plan;

import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The rows of a query that reads no table, computed once by Flink's parser and validator: constants are kept as
 * values, and the current-time functions are evaluated at each execution, once per query as Flink does in batch
 * mode.
 */
public final class ConstantPlan {
    /** A time function that depends on when the query runs. */
    enum TimeFunction {
        /** {@code CURRENT_TIMESTAMP}, {@code NOW()}, {@code CURRENT_ROW_TIMESTAMP()}: TIMESTAMP_LTZ(3). */
        INSTANT,
        /** {@code LOCALTIMESTAMP}: TIMESTAMP(3) in the session's zone. */
        LOCAL_TIMESTAMP,
        /** {@code CURRENT_DATE}. */
        LOCAL_DATE,
        /** {@code CURRENT_TIME}, {@code LOCALTIME}: TIME(0). */
        LOCAL_TIME
    }

    private final ResolvedSchema schema;
    private final List<List<@Nullable Object>> rows;

    ConstantPlan(ResolvedSchema schema, List<List<@Nullable Object>> rows) {
        this.schema = requireNonNull(schema, "schema is null");
        this.rows = List.copyOf(rows);
    }

    public ResolvedSchema schema() {
        return schema;
    }

    /** The rows, with time functions evaluated at {@code clock}'s now in {@code sessionZone}. */
    public List<Row> rows(Clock clock, ZoneId sessionZone) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        List<Row> result = new ArrayList<>(rows.size());
        for (List<@Nullable Object> template : rows) {
            Object[] values = new Object[template.size()];
            for (int i = 0; i < values.length; i++) {
                Object value = template.get(i);
                values[i] = value instanceof TimeFunction function ? evaluate(function, now, sessionZone) : value;
            }
            result.add(Row.of(values));
        }
        return result;
    }

    private static Object evaluate(TimeFunction function, Instant now, ZoneId zone) {
        return switch (function) {
            case INSTANT -> now;
            case LOCAL_TIMESTAMP -> LocalDateTime.ofInstant(now, zone);
            case LOCAL_DATE -> LocalDate.ofInstant(now, zone);
            case LOCAL_TIME -> LocalTime.ofInstant(now, zone).truncatedTo(ChronoUnit.SECONDS);
        };
    }
}
