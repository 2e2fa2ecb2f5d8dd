package fencecheck.properties;

import fencecheck.db.Databases;
import fencecheck.db.TestBed;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;

import java.sql.SQLException;
import java.util.Optional;

/**
 * The settings of a run ({@code -D} properties and their environment
 * variables), checked once, before any property runs: the seed, the
 * implementation (a SQL pack loaded, and its schema installed), the database
 * (reached, for a server given by URL) and a Toxiproxy given by URL or
 * container. A bad one stops every property at once
 * with the same one line, before a try is generated, so nothing is shrunk and
 * no run of the reference is recorded as failed.
 */
final class Configuration {

    /** The last check's answer; null until the settings are checked (again). */
    private static Optional<String> problem;

    private Configuration() {
    }

    /** What is wrong with the settings, in one line that says what to do, or empty when they are fine. */
    static synchronized Optional<String> problem() {
        if (problem == null) {
            problem = check();
        }
        return problem;
    }

    private static Optional<String> check() {
        try {
            Seeds.fromSystemProperty();
            LeaseProtocol protocol = Implementations.fromSystemProperty();
            String kind = Databases.configuredKind();
            if (!kind.equals("embedded")) {
                Databases.shared();
            }
            FaultProxies.checkSettings();
            // a schema the database refuses (a SQL pack's above all) is one line here, not an error in every try
            new TestBed(Databases.shared(), protocol).install();
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of(e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(e.toString()));
        } catch (RuntimeException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(e.toString());
            return Optional.of(message);
        }
    }

    /** Forgets the last check, for tests that change a setting. */
    static synchronized void forget() {
        problem = null;
    }
}
