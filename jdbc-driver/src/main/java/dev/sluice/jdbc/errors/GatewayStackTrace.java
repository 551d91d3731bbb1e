package dev.sluice.jdbc.errors;

/**
 * The text of a stack trace that the gateway sent with an error, attached to the driver's exception so that printing
 * it shows the gateway's side too, as Avatica's own {@code AvaticaSqlException} does. It has no stack of its own.
 */
final class GatewayStackTrace extends Exception {
    private static final long serialVersionUID = 1L;

    GatewayStackTrace(String trace) {
        super("on the gateway: " + trace, null, false, false);
    }
}
