package dev.sluice.bench.jmh;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * The values a JDBC client reads from a frame, converted by column type as the driver's accessors do.
 *
 * <p>JSON carries numbers without their Java type: Jackson reads integers back as {@code Integer} or {@code Long} and,
 * with Avatica's {@code USE_BIG_DECIMAL_FOR_FLOATS}, fractions as {@code BigDecimal}. Comparing converted values is
 * how a round trip through JSON is judged equal.
 */
final class ClientValues {
    private ClientValues() {}

    static List<List<Object>> of(Meta.Frame frame, List<ColumnMetaData> columns) {
        List<List<Object>> rows = new ArrayList<>();
        for (Object row : frame.rows) {
            List<?> values = (List<?>) row;
            List<Object> converted = new ArrayList<>(values.size());
            for (int i = 0; i < values.size(); i++) {
                converted.add(value(values.get(i), columns.get(i).type.id));
            }
            rows.add(converted);
        }
        return rows;
    }

    private static Object value(Object value, int jdbcType) {
        return switch (jdbcType) {
            case Types.VARCHAR -> (String) value;
            case Types.BIGINT, Types.TIMESTAMP -> ((Number) value).longValue();
            case Types.DOUBLE -> ((Number) value).doubleValue();
            case Types.DECIMAL -> new BigDecimal(value.toString());
            default -> throw new IllegalArgumentException("Unexpected JDBC type " + jdbcType);
        };
    }
}
