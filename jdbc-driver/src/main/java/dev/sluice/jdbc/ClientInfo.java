package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.util.Properties;

/**
 * A connection's client info ({@code Connection.setClientInfo}): kept by the driver and given back, as JDBC asks, so
 * that tools that set it on connect (DBeaver's application name) work. The gateway does not read it. Thread-safe.
 */
final class ClientInfo {
    private final Properties values = new Properties();

    /** Sets {@code name} to {@code value}; a null value removes it. */
    synchronized void set(String name, @Nullable String value) {
        if (value == null) {
            values.remove(name);
        } else {
            values.setProperty(name, value);
        }
    }

    /** Replaces every value with {@code properties}' (JDBC's rule for {@code setClientInfo(Properties)}). */
    synchronized void setAll(@Nullable Properties properties) {
        values.clear();
        if (properties != null) {
            properties.stringPropertyNames().forEach(name -> values.setProperty(name, properties.getProperty(name)));
        }
    }

    synchronized @Nullable String get(String name) {
        return values.getProperty(name);
    }

    /** A copy of every value. */
    synchronized Properties all() {
        Properties copy = new Properties();
        copy.putAll(values);
        return copy;
    }
}
