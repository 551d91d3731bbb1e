package dev.sluice.push;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.Set;

/**
 * The {@code sluice-push} connector: a table whose rows go to the gateway's result endpoint. The gateway inserts a
 * query into a temporary table of this connector instead of planning Flink's collect sink. Found through Java's
 * service loader ({@code META-INF/services/org.apache.flink.table.factories.Factory}).
 */
public final class PushSinkFactory implements DynamicTableSinkFactory {
    /** The value of the table option {@code connector}. */
    public static final String IDENTIFIER = "sluice-push";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PushSinkOptions.ADDRESS, PushSinkOptions.RESULT_ID, PushSinkOptions.SECRET);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(
                PushSinkOptions.TRUSTED_CERTIFICATES,
                PushSinkOptions.BATCH_SIZE,
                PushSinkOptions.FLUSH_INTERVAL,
                PushSinkOptions.CONNECT_TIMEOUT,
                PushSinkOptions.ACK_TIMEOUT);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validate();
        return new PushTableSink(PushSinkSettings.from(helper.getOptions()));
    }
}
