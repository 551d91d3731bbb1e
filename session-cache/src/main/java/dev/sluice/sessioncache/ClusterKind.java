package dev.sluice.sessioncache;

/** How the gateway reaches a session cluster. */
public enum ClusterKind {
    /** A Flink MiniCluster started inside the gateway's JVM, reached through its loopback REST endpoint. */
    EMBEDDED,
    /** A running session cluster (standalone, Kubernetes, YARN) reached by its REST address. */
    REMOTE,
    /**
     * A session cluster whose JobManagers elect their leader through ZooKeeper (Flink's ZooKeeper high availability);
     * the leader's REST address is read from ZooKeeper and followed when the leader changes.
     */
    ZOOKEEPER
}
