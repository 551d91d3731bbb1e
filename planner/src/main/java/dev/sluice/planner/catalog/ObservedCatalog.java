package dev.sluice.planner.catalog;

import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogModel;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.ModelNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.jspecify.annotations.Nullable;

import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * A catalog declared in the gateway's configuration, as each session holds it: every call goes to the catalog itself,
 * and while a statement is planned, the tables, views and models it looks up are told to a {@link LookupListener}.
 *
 * <p>That is what lets the plan cache reuse a plan over a catalog that other sessions, and writers outside the
 * gateway, may change: the plan is stored with what its planning found, and reused only while the catalog still
 * answers the same ({@code dev.sluice.planner.cache.PlanDependencies}). Views are the reason this sits in front of
 * the catalog: Flink expands a view into the plan without a trace of it, so only the lookup shows that a plan depends
 * on the view's text.
 *
 * <p>Every other call is forwarded ({@link ForwardingCatalog}). The declaration it was opened from is its identity, so that a plan
 * made with one session's instance is taken by another's only when both were opened from the same declaration.
 */
public final class ObservedCatalog extends ForwardingCatalog {
    /** Told what the planning of a statement looked up; called on the session's planning thread. */
    public interface LookupListener {
        /** The table or view at {@code path} was found as {@code table}. */
        void found(ObservedCatalog catalog, ObjectPath path, CatalogBaseTable table);

        /** Nothing was found at {@code path}. */
        void absent(ObservedCatalog catalog, ObjectPath path);

        /** Planning read something whose version the catalog cannot tell (a table as of a time, a model). */
        void unversioned(String what);
    }

    private final String name;
    private final Map<String, String> declaration;
    private volatile @Nullable LookupListener listener;

    /**
     * @param declaration the options the catalog was opened with: two instances with equal names and declarations
     *     answer from the same place
     */
    public ObservedCatalog(String name, Map<String, String> declaration, Catalog delegate) {
        super(delegate);
        this.name = requireNonNull(name, "name is null");
        this.declaration = Map.copyOf(declaration);
    }

    /** The name the catalog is declared under. */
    public String name() {
        return name;
    }

    /** Whether {@code other} was opened from the same declaration, so that both answer from the same place. */
    public boolean sameDeclarationAs(ObservedCatalog other) {
        return name.equals(other.name) && declaration.equals(other.declaration);
    }

    /**
     * The catalog itself, for what Flink's catalog interface does not tell (the version of a Paimon table's data); a
     * lookup through it is not observed, so nothing a plan depends on is read this way.
     */
    public Catalog unwrap() {
        return delegate();
    }

    /** Starts telling lookups to {@code listener}, until {@link #stopListening}; one listener at a time. */
    public void listen(LookupListener listener) {
        this.listener = requireNonNull(listener, "listener is null");
    }

    /** Stops telling lookups. */
    public void stopListening() {
        this.listener = null;
    }

    /** The table or view at {@code path} now, or null if there is none; not told to any listener. */
    public @Nullable CatalogBaseTable lookUpUnobserved(ObjectPath path) {
        try {
            return delegate().getTable(path);
        } catch (TableNotExistException e) {
            return null;
        }
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException, CatalogException {
        LookupListener current = listener;
        CatalogBaseTable table;
        try {
            table = delegate().getTable(path);
        } catch (TableNotExistException e) {
            if (current != null) {
                current.absent(this, path);
            }
            throw e;
        }
        if (current != null) {
            current.found(this, path, table);
        }
        return table;
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path, long timestamp) throws TableNotExistException, CatalogException {
        LookupListener current = listener;
        if (current != null) {
            current.unversioned("the table " + path.getFullName() + " of catalog " + name + " as of a time");
        }
        return delegate().getTable(path, timestamp);
    }

    @Override
    public boolean tableExists(ObjectPath path) throws CatalogException {
        boolean exists = delegate().tableExists(path);
        LookupListener current = listener;
        if (current != null && !exists) {
            current.absent(this, path);
        }
        return exists;
    }

    @Override
    public CatalogModel getModel(ObjectPath path) throws ModelNotExistException, CatalogException {
        LookupListener current = listener;
        if (current != null) {
            current.unversioned("the model " + path.getFullName() + " of catalog " + name);
        }
        return delegate().getModel(path);
    }
}
