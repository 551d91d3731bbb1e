package dev.sluice.gateway.avatica;

import java.util.regex.Pattern;

/**
 * Connection ids are chosen by the client (Avatica's JDBC driver, phoenixdb and avatica-go send a random UUID). With
 * authentication off they are all that keeps one client out of another's session, so an id that is not a random
 * (version 4) UUID is refused: a client that picked {@code "1"} would have a session anyone could guess.
 */
final class ConnectionIds {
    private static final Pattern RANDOM_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}");

    private ConnectionIds() {}

    /** @throws PredictableConnectionIdException if {@code id} is not a random UUID */
    static String requireUnguessable(String id) {
        if (!RANDOM_UUID.matcher(id).matches()) {
            throw new PredictableConnectionIdException();
        }
        return id;
    }
}
