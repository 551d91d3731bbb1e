package dev.sluice.gateway.dataaccess;

import dev.sluice.planner.access.DataAccess;
import dev.sluice.planner.access.DataAccess.Mode;
import org.apache.flink.configuration.Configuration;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Judges what a session's statements declare, read and write against {@link DataAccessConfig}: the connector and
 * catalog types they name, every place their options name, and the options that name one file. A refusal names the
 * option and the policy key, and comes before anything is created, read, written or connected to.
 *
 * <p>Tables of the catalogs the administrator declared ({@code sluice.catalogs}) are the administrator's: reading and
 * writing them is judged only by the options a statement sets on them itself (hints). Every other table, temporary or
 * in a catalog a session created, is judged by all its options each time it is used, so a table declared before a
 * policy changed, or read through a view, is judged as it is now.
 */
public final class DataAccessPolicy {
    private static final String CONNECTOR = "connector";
    private static final String CATALOG_TYPE = "type";

    private final DataAccessConfig config;

    public DataAccessPolicy(DataAccessConfig config) {
        this.config = requireNonNull(config, "config is null");
    }

    /**
     * The shipped default: datagen, blackhole and filesystem tables, in-memory and Paimon catalogs, the quickstart's
     * files to read and no location to write.
     */
    public static DataAccessPolicy defaults() {
        return new DataAccessPolicy(DataAccessConfig.from(new Configuration(), List.of()));
    }

    /**
     * The policy as it applies to the sessions of {@code user}.
     *
     * @param user the user's name, which stands for {@code ${user}} in allowed locations; empty when anonymous
     * @param sharedCatalogs the catalogs the administrator declared
     */
    public SessionDataAccess forSession(String user, Set<String> sharedCatalogs) {
        return new UserDataAccess(user, Set.copyOf(sharedCatalogs));
    }

    /** The policy bound to one session's user. */
    private final class UserDataAccess implements SessionDataAccess {
        private final String user;
        private final Set<String> sharedCatalogs;

        private UserDataAccess(String user, Set<String> sharedCatalogs) {
            this.user = requireNonNull(user, "user is null");
            this.sharedCatalogs = sharedCatalogs;
        }

        @Override
        public void check(List<DataAccess> accesses) {
            for (DataAccess access : accesses) {
                if (access instanceof DataAccess.DeclaredTable table) {
                    String what = "Table " + table.table().asSerializableString();
                    checkConnector(what, table.options());
                    checkOptions(what, table.options(), Mode.READ, "declare");
                } else if (access instanceof DataAccess.DeclaredCatalog catalog) {
                    String what = "Catalog `" + catalog.name() + "`";
                    checkCatalogType(what, catalog.options());
                    checkOptions(what, catalog.options(), Mode.WRITE, "keep its data in");
                } else if (access instanceof DataAccess.TableUse use) {
                    String what = "Table " + use.table().asSerializableString();
                    Map<String, String> judged =
                            sharedCatalogs.contains(use.table().getCatalogName()) ? use.hinted() : use.options();
                    checkConnector(what, judged);
                    checkOptions(what, judged, use.mode(), use.mode() == Mode.READ ? "read" : "write");
                } else if (access instanceof DataAccess.PlanFile plan) {
                    checkLocation(
                            "The plan file",
                            "COMPILE/EXECUTE PLAN",
                            plan.path(),
                            plan.mode(),
                            plan.mode() == Mode.READ ? "read" : "write");
                }
            }
        }

        /**
         * An option that names a directory or file (a checkpoint or savepoint directory, a savepoint to restore) must
         * name a writable place.
         */
        @Override
        public void checkOption(String key, String value) {
            for (String location : LocationOptions.locations(key, value)) {
                checkLocation("Setting '" + key.strip() + "'", key.strip(), location, Mode.WRITE, "name");
            }
        }

        private void checkConnector(String what, Map<String, String> options) {
            String connector = options.get(CONNECTOR);
            if (connector != null
                    && !config.connectors().contains(connector.strip().toLowerCase(Locale.ROOT))) {
                throw new DataAccessDeniedException(what + " may not use connector '" + connector + "': "
                        + DataAccessOptions.CONNECTORS.key() + " allows " + sorted(config.connectors()));
            }
        }

        private void checkCatalogType(String what, Map<String, String> options) {
            String type = options.get(CATALOG_TYPE);
            if (type != null && !config.catalogTypes().contains(type.strip().toLowerCase(Locale.ROOT))) {
                throw new DataAccessDeniedException(what + " may not be of type '" + type + "': "
                        + DataAccessOptions.CATALOG_TYPES.key() + " allows " + sorted(config.catalogTypes()));
            }
        }

        private void checkOptions(String what, Map<String, String> options, Mode mode, String verb) {
            options.forEach((key, value) -> {
                if (LocationOptions.isFileName(key)) {
                    if (!LocationOptions.isPlainFileName(value)) {
                        throw new DataAccessDeniedException(what + " may not name the file '" + value + "' (option '"
                                + key + "'): it must be a plain file name, which stays inside the table's path");
                    }
                    return;
                }
                for (String location : LocationOptions.locations(key, value)) {
                    checkLocation(what, key, location, mode, verb);
                }
            });
        }

        private void checkLocation(String what, String key, String text, Mode mode, String verb) {
            Location location;
            try {
                location = Location.parse(text, config.workingDirectory());
            } catch (IllegalArgumentException e) {
                throw new DataAccessDeniedException(
                        what + " may not " + verb + " '" + text + "' (option '" + key + "'): it is " + e.getMessage());
            }
            if (location instanceof Location.LocalFile file
                    && config.protectedFiles().stream().anyMatch(file::overlaps)) {
                throw new DataAccessDeniedException(what + " may not " + verb + " '" + text + "' (option '" + key
                        + "'): it is, or holds, one of the gateway's own files, which no statement may reach");
            }
            boolean allowed = (mode == Mode.READ && isWithin(location, config.readable()))
                    || isWithin(location, config.writable());
            if (!allowed) {
                String policy = mode == Mode.READ
                        ? DataAccessOptions.READABLE_LOCATIONS.key() + " or "
                                + DataAccessOptions.WRITABLE_LOCATIONS.key()
                        : DataAccessOptions.WRITABLE_LOCATIONS.key();
                throw new DataAccessDeniedException(what + " may not " + verb + " '" + text + "' (option '" + key
                        + "'): it lies outside " + policy);
            }
        }

        private boolean isWithin(Location location, List<LocationPrefix> prefixes) {
            for (LocationPrefix prefix : prefixes) {
                Optional<Location> allowed = prefix.resolve(user, config.workingDirectory());
                if (allowed.isPresent() && location.isWithin(allowed.get())) {
                    return true;
                }
            }
            return false;
        }
    }

    private static String sorted(Set<String> names) {
        return names.isEmpty()
                ? "none"
                : String.join(", ", names.stream().sorted().toList());
    }
}
