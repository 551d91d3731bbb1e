package dev.sluice.planner.cache;

import dev.sluice.planner.access.AccessCheck;
import dev.sluice.planner.access.DataAccess;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.List;

/**
 * A session's access check that also keeps what it was asked, so that a cached plan is put to the check of every later
 * run: to another session's, which may not see what the first could, and to the same session's after the rules
 * changed.
 */
final class CapturingCheck implements AccessCheck {
    private final AccessCheck check;
    private final List<DataAccess> checked = new ArrayList<>();

    CapturingCheck(AccessCheck check) {
        this.check = check;
    }

    @Override
    public void check(List<DataAccess> accesses) {
        check.check(accesses);
        checked.addAll(accesses);
    }

    @Override
    public boolean mayList(ObjectIdentifier table) {
        return check.mayList(table);
    }

    @Override
    public boolean mayListDatabase(String catalog, String database) {
        return check.mayListDatabase(catalog, database);
    }

    /** Everything that passed the check. */
    List<DataAccess> checked() {
        return List.copyOf(checked);
    }
}
