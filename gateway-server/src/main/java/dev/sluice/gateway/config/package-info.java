/**
 * The bottom of the gateway's configuration: reading {@code sluice.yaml} ({@link YamlConfigLoader}), checks whose
 * messages name the option and the value, the namespaces Sluice owns, and the options of the server, the sessions,
 * the users' limits and the lib folders, which several packages read. A feature's own options sit beside the feature
 * ({@code tls}, {@code security}, {@code push}, {@code avatica}, {@code cluster}, {@code session}); the whole
 * configuration is put together and checked at start by {@code dev.sluice.gateway.GatewayConfig}.
 */
@NullMarked
package dev.sluice.gateway.config;

import org.jspecify.annotations.NullMarked;
