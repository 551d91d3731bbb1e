package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

/**
 * The text of Sluice's {@code SHOW PRIMARY KEYS FROM table [IN DATABASE database] [IN CATALOG catalog]} statement for
 * the arguments of {@code getPrimaryKeys}.
 *
 * <p>Names travel as string literals (each quote doubled), so a name with quotes, back ticks, dots or line breaks is
 * sent as it is; a null catalog or database is left out, which the gateway reads as "any".
 */
final class ShowPrimaryKeysSql {
    private ShowPrimaryKeysSql() {}

    static String of(@Nullable String catalog, @Nullable String database, String table) {
        StringBuilder sql = new StringBuilder("SHOW PRIMARY KEYS FROM ").append(literal(table));
        if (database != null) {
            sql.append(" IN DATABASE ").append(literal(database));
        }
        if (catalog != null) {
            sql.append(" IN CATALOG ").append(literal(catalog));
        }
        return sql.toString();
    }

    private static String literal(String name) {
        return "'" + name.replace("'", "''") + "'";
    }
}
