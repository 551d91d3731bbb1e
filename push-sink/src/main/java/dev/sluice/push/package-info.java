/**
 * The push sink: the code that runs inside a query's job on the TaskManager and sends the query's rows straight to
 * the gateway's result endpoint, and the wire format both ends speak ({@link PushWire}).
 *
 * <p>This package depends on Flink and the JDK only, so that it loads cheaply in a TaskManager and ships alone as the
 * module's jar to clusters that do not have Sluice's classes.
 */
@NullMarked
package dev.sluice.push;

import org.jspecify.annotations.NullMarked;
