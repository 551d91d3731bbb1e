package dev.sluice.sessioncache.rest;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;

/** A JobManager's answer, its body parsed as a tree on the event loop; typed later on the client's executor. */
record RawResponse(HttpResponseStatus status, JsonNode body) {}
