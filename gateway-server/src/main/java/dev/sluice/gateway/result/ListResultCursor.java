package dev.sluice.gateway.result;

import org.apache.flink.types.Row;

import java.util.ArrayList;
import java.util.List;

/** A small result computed in the gateway (for example {@code SET} without arguments). */
public final class ListResultCursor implements ResultCursor {
    private final List<Row> rows;
    private int position;

    public ListResultCursor(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    @Override
    public List<Row> next(int maxRows) {
        int end = Math.min(rows.size(), position + maxRows);
        List<Row> page = new ArrayList<>(rows.subList(position, end));
        position = end;
        return page;
    }

    @Override
    public boolean isDone() {
        return position >= rows.size();
    }

    @Override
    public void close() {
        position = rows.size();
    }
}
