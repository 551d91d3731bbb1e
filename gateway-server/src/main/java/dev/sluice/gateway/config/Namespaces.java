package dev.sluice.gateway.config;

import java.util.List;

/**
 * The key prefixes Sluice owns in a configuration: a key under them that no option declares is refused at start (with
 * a "did you mean"), and a connection may set only the few of them that a session scopes to itself.
 */
public final class Namespaces {
    /** The prefix of Sluice's own options. */
    public static final String SLUICE = "sluice.";
    /** Every prefix Sluice owns: its own and the retry module's collect strategies. */
    public static final List<String> OWNED = List.of(SLUICE, "collect-strategy.");

    private Namespaces() {}
}
