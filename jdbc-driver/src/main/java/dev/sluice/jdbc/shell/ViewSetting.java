package dev.sluice.jdbc.shell;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static java.util.Objects.requireNonNull;

/**
 * The shell's one view setting, which {@code !view} changes and every connection's statements read. Each pick has a
 * number, so that a connection knows whether it has applied the latest pick's result mode to its session.
 */
final class ViewSetting {
    private final AtomicReference<Pick> current = new AtomicReference<>(new Pick(ViewChoice.DEFAULT, 0));

    /** A choice and the number of its pick (0 for the default). */
    record Pick(ViewChoice choice, long number) {
        Pick {
            requireNonNull(choice, "choice is null");
        }

        /** The result mode a session must have for this pick; none for the default, which leaves the session's own. */
        Optional<String> resultMode() {
            return choice.picked() ? Optional.of(choice.view().resultMode()) : Optional.empty();
        }
    }

    Pick current() {
        return current.get();
    }

    void pick(ViewChoice choice) {
        requireNonNull(choice, "choice is null");
        current.updateAndGet(previous -> new Pick(choice, previous.number() + 1));
    }
}
