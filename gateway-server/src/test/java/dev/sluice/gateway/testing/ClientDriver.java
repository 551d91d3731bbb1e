package dev.sluice.gateway.testing;

import dev.sluice.gateway.SluiceGateway;

/**
 * The JDBC drivers that tests run the same calls through: Sluice's own, and Avatica's stock remote driver with each
 * of the two encodings the gateway speaks.
 */
public enum ClientDriver {
    SLUICE,
    AVATICA_PROTOBUF,
    AVATICA_JSON;

    public String url(SluiceGateway gateway) {
        String avatica =
                "jdbc:avatica:remote:url=http://127.0.0.1:" + gateway.address().getPort() + ";serialization=";
        return switch (this) {
            case SLUICE -> gateway.jdbcUrl();
            case AVATICA_PROTOBUF -> avatica + "protobuf";
            case AVATICA_JSON -> avatica + "json";
        };
    }
}
