package dev.sluice.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.InternalProperty;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;

/**
 * How Flink SQL spells identifiers, told to Avatica's {@code DatabaseMetaData}: quoted with backticks, case-sensitive,
 * stored as written, quoted or not (Flink's parser defaults). Avatica's remote driver otherwise answers with Calcite's
 * defaults: double quotes and upper case, which makes a BI tool quote its SQL in a way Flink cannot parse.
 */
final class FlinkLexicalRules {
    private FlinkLexicalRules() {}

    /** Sets the rules on {@code connection}, whose metadata reads them from its internal properties. */
    static void apply(AvaticaConnection connection) {
        connection.properties.put(InternalProperty.QUOTING, Quoting.BACK_TICK);
        connection.properties.put(InternalProperty.CASE_SENSITIVE, true);
        connection.properties.put(InternalProperty.UNQUOTED_CASING, Casing.UNCHANGED);
        connection.properties.put(InternalProperty.QUOTED_CASING, Casing.UNCHANGED);
    }
}
