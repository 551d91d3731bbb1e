package dev.sluice.errors;

/**
 * An exception that knows what it means to a client: the code, and with it the SQLState, under which the gateway
 * reports it. Every Sluice exception implements this, so the gateway looks up only the exceptions of other libraries.
 */
public interface SluiceError {
    SluiceErrorCode errorCode();
}
