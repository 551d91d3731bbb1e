/** The gateway's web page of its work (queries, sessions, clusters) and the JSON API it reads. */
@NullMarked
package dev.sluice.gateway.ui;

import org.jspecify.annotations.NullMarked;
