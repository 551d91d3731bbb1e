package dev.sluice.jdbc.transport;

import dev.sluice.jdbc.errors.CauseChain;
import dev.sluice.jdbc.errors.SqlStates;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.ssl.NotSslRecordException;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.remote.Service.ErrorResponse;

import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.util.List;
import java.util.Locale;

/**
 * Turns a transport failure into an exception that Avatica passes on as an {@code SQLException} with SQLState
 * {@code 08xxx} and a message that says what went wrong and what to check.
 */
final class TransportFailures {
    private TransportFailures() {}

    static AvaticaClientRuntimeException of(String sqlState, String message) {
        return new AvaticaClientRuntimeException(
                message, ErrorResponse.UNKNOWN_ERROR_CODE, sqlState, AvaticaSeverity.ERROR, List.of(), null);
    }

    /** A response that is not Avatica's: the gateway's plain-text transport answers, or an HTTP error. */
    static AvaticaClientRuntimeException fromResponse(String address, GatewayResponse response) {
        String detail = response.isText() ? response.text() : "HTTP " + response.status();
        String sqlState;
        switch (response.status()) {
            case 503:
                sqlState = SqlStates.REJECTED;
                break;
            case 413:
                sqlState = SqlStates.PROGRAM_LIMIT_EXCEEDED;
                break;
            default:
                sqlState = SqlStates.CANNOT_CONNECT;
        }
        return of(sqlState, "The Sluice gateway at " + address + " answered " + response.status() + ": " + detail);
    }

    /** A failure to connect, to shake hands, or to get an answer. */
    static AvaticaClientRuntimeException fromFailure(String address, boolean tls, Throwable failure) {
        String where = "the Sluice gateway at " + address;
        if (failure instanceof TransportSetupException) {
            return of(SqlStates.CANNOT_CONNECT, "Cannot connect to " + where + ": " + failure.getMessage());
        }
        if (failure instanceof ConnectException || failure instanceof ConnectTimeoutException) {
            AvaticaClientRuntimeException unreachable =
                    of(SqlStates.CANNOT_CONNECT, "Cannot connect to " + where + ": " + failure.getMessage());
            unreachable.initCause(failure); // the driver tries the URL's next gateway after this failure only
            return unreachable;
        }
        if (has(failure, NotSslRecordException.class)) {
            return of(
                    SqlStates.CANNOT_CONNECT,
                    "TLS handshake with " + where + " failed: it did not answer with TLS; is TLS on at the gateway "
                            + "(sluice.security.ssl.enabled)? Connect with ssl=false to a plaintext port");
        }
        if (tls && has(failure, SSLException.class)) {
            return handshake(where, failure);
        }
        if (failure instanceof ConnectionClosedException) {
            return of(
                    SqlStates.CONNECTION_FAILURE,
                    failure.getMessage() + (tls ? "" : "; if its port requires TLS, " + "connect with ssl=true"));
        }
        return of(SqlStates.CONNECTION_FAILURE, "Request to " + where + " failed: " + describe(failure));
    }

    private static AvaticaClientRuntimeException handshake(String where, Throwable failure) {
        String all = allMessages(failure);
        String prefix = "TLS handshake with " + where + " failed: ";
        if (has(failure, CertificateExpiredException.class) || expired(failure) || all.contains("expired")) {
            return of(
                    SqlStates.CANNOT_CONNECT,
                    prefix + "the gateway's certificate has expired or is not yet valid (" + describe(failure) + ")");
        }
        if (all.contains("subject alternative")
                || all.contains("no name matching")
                || all.contains("hostname") && all.contains("match")) {
            return of(
                    SqlStates.CANNOT_CONNECT,
                    prefix + "the gateway's certificate does not name the host of the URL; connect with a host name "
                            + "the certificate lists (" + describe(failure) + ")");
        }
        if (all.contains("certification path")
                || all.contains("unable to find valid")
                || all.contains("certificate_unknown") && all.contains("pkix")
                || all.contains("unknown ca")
                || all.contains("certificate verify failed")
                || has(failure, CertPathValidatorException.class)) {
            return of(
                    SqlStates.CANNOT_CONNECT,
                    prefix + "the gateway's certificate is not signed by a trusted CA; check ssl_ca or truststore ("
                            + describe(failure) + ")");
        }
        if (all.contains("certificate_required")
                || all.contains("certificate required")
                || all.contains("bad_certificate")
                || all.contains("bad certificate")
                || all.contains("handshake_failure")
                || all.contains("peer_did_not_return_a_certificate")) {
            return of(
                    SqlStates.REJECTED,
                    prefix + "the gateway refused the client: it requires a client certificate it trusts; set "
                            + "ssl_cert and ssl_key, or keystore (" + describe(failure) + ")");
        }
        return of(SqlStates.CANNOT_CONNECT, prefix + describe(failure));
    }

    private static boolean expired(Throwable failure) {
        return CauseChain.of(failure).stream()
                .anyMatch(t -> t instanceof CertPathValidatorException validation
                        && validation.getReason() == CertPathValidatorException.BasicReason.EXPIRED);
    }

    private static boolean has(Throwable failure, Class<? extends Throwable> type) {
        return CauseChain.of(failure).stream().anyMatch(type::isInstance);
    }

    private static String allMessages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t : CauseChain.of(failure)) {
            text.append(' ').append(t);
        }
        return text.toString().toLowerCase(Locale.ROOT);
    }

    /** The innermost cause with a message: usually the one that names the certificate or alert. */
    private static String describe(Throwable failure) {
        Throwable deepest = failure;
        for (Throwable t : CauseChain.of(failure)) {
            if (t.getMessage() != null) {
                deepest = t;
            }
        }
        return deepest.getClass().getSimpleName() + ": " + deepest.getMessage();
    }
}
