package dev.sluice.gateway.authorization;

/** What a rule may grant on the tables it matches. */
public enum Privilege {
    /** Read the table, and see it in metadata. */
    SELECT,
    /** Write rows into it (INSERT, INSERT OVERWRITE, CREATE TABLE AS into it). */
    INSERT,
    /** Create tables and views (and, on a database's rule, the database). */
    CREATE,
    /** Alter, truncate and drop it. */
    DROP,
    /** All of the above. */
    OWNERSHIP;

    /** Whether a rule that grants {@code granted} grants this. */
    boolean grantedBy(java.util.Set<Privilege> granted) {
        return granted.contains(this) || granted.contains(OWNERSHIP);
    }
}
