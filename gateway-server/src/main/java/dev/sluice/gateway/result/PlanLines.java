package dev.sluice.gateway.result;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.List;

/**
 * The answer to {@code EXPLAIN}: one row per line of the plan text, in a column {@code plan}. Flink answers with one
 * row holding the whole text, which a tabular client such as sqlline draws as one cell, broken by its line breaks and
 * cut at the terminal's width; a line per row reads as the plan does, in any client.
 */
public final class PlanLines {
    static final ResolvedSchema SCHEMA =
            ResolvedSchema.of(Column.physical("plan", DataTypes.STRING().notNull()));

    private PlanLines() {}

    /** Every line of every text in {@code result} (Flink gives one), trailing empty lines dropped. */
    public static StatementOutcome.Rows of(TableResult result) {
        List<Row> lines = new ArrayList<>();
        try (CloseableIterator<Row> rows = result.collect()) {
            while (rows.hasNext()) {
                Row row = rows.next();
                for (int i = 0; i < row.getArity(); i++) {
                    Object text = row.getField(i);
                    if (text != null) {
                        text.toString().stripTrailing().lines().forEach(line -> lines.add(Row.of(line)));
                    }
                }
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Reading the plan of an EXPLAIN statement failed", e);
        }
        return new StatementOutcome.Rows(SCHEMA, new ListResultCursor(lines));
    }
}
