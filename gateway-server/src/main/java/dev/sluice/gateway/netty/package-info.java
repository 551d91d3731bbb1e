/** What the gateway's Netty servers share: closing every connection they accepted on close. */
@NullMarked
package dev.sluice.gateway.netty;

import org.jspecify.annotations.NullMarked;
