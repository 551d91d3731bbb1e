package dev.sluice.gateway.result;

/**
 * How much a folded changelog may hold in the gateway before its query fails with 54000.
 *
 * @param rows rows of the final table at most ({@code sluice.session.max-materialized-rows})
 * @param bytes its estimated size at most ({@code sluice.session.max-materialized-bytes}; see {@link RowSizes})
 */
public record MaterializedLimits(int rows, long bytes) {
    public MaterializedLimits {
        if (rows < 1 || bytes < 1) {
            throw new IllegalArgumentException(
                    "limits must be positive, were " + rows + " rows and " + bytes + " bytes");
        }
    }
}
