package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.db.replica.Replication;
import fencecheck.explore.ShardFilter;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.findings.ShrinkBudget;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.PackPreflight;
import fencecheck.realtime.RealTimeSettings;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The settings of a run ({@code -D} properties and their environment
 * variables), checked once, before any property runs: the seed, the
 * implementation (a SQL pack loaded, and its schema installed), the database
 * (reached, for a server given by URL), a Toxiproxy given by URL or
 * container, the real-time lease lengths (of the command line, or of a
 * suite's annotation) and the bounds of shrinking; for a SQL pack, every statement
 * read by PostgreSQL ({@link PackPreflight}). A bad one stops every property before a
 * try is generated, so nothing is shrunk and no run of the reference is recorded as
 * failed: the first property it stops fails with its one line, and every later one it
 * stops is skipped without a word ({@link #firstToReport}), so the run counts and
 * prints it once.
 */
final class Configuration {

    /** The last check of the settings; null until they are checked (again). */
    private static Optional<String> settingsProblem;
    /** Per implementation name, the last check of it. */
    private static final Map<String, Optional<String>> IMPLEMENTATION_PROBLEMS = new HashMap<>();
    /** Per problem, the property that fails with it: the only one. */
    private static final Map<String, String> REPORTED_BY = new HashMap<>();

    private Configuration() {
    }

    /**
     * What is wrong with the settings that hold for every property (the seed, the database, the proxies), and with
     * {@code -Dfencecheck.implementation} when it is set, in one line that says what to do; empty when they are fine.
     */
    static synchronized Optional<String> problem() {
        return problem(null);
    }

    /** The same, for the implementation the properties of {@code container} check. */
    static synchronized Optional<String> problem(Class<?> container) {
        if (settingsProblem == null) {
            settingsProblem = checkSettings();
        }
        if (settingsProblem.isPresent()) {
            return settingsProblem;
        }
        Optional<String> ttlProblem = ttlProblem(container).or(() -> oneLengthProblem(container));
        if (ttlProblem.isPresent()) {
            return ttlProblem;
        }
        String property = System.getProperty(Implementations.PROPERTY);
        if (container == null && (property == null || property.isBlank())) {
            return Optional.empty();
        }
        String name;
        try {
            name = Harnesses.implementationName(container);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        return IMPLEMENTATION_PROBLEMS.computeIfAbsent(name, Configuration::checkImplementation);
    }

    private static Optional<String> checkSettings() {
        try {
            Seeds.fromSystemProperty();
            ShardFilter.fromSystemProperties();
            Selection.fromCommandLine();
            RealTimeTtl.of(null);
            ShrinkBudget.fromSystemProperties();
            ExhaustiveChecks.settings();
            String kind = Databases.configuredKind();
            // a replication setting is checked whatever the database: it also describes a cluster given by URL
            Replication.fromSystemProperty();
            if (!kind.equals("embedded")) {
                Databases.shared();
            }
            FaultProxies.checkSettings();
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(firstLine(e));
        }
    }

    /** The lease lengths of the real-time property: the command line's are checked with the settings, the annotation's per suite. */
    private static Optional<String> ttlProblem(Class<?> container) {
        try {
            RealTimeTtl.of(container);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(firstLine(e));
        }
    }

    /**
     * A kit implementation whose lock table keeps the last renewal, not the lease end, has one lease length per
     * process (db-scheduler's dead limit, Camel's lockMaxAgeMillis): leases of several lengths in real time would be
     * judged by whichever length was asked last, and whoever takes a lease over judges it by its own. Its real-time
     * workers must ask for one length.
     */
    private static Optional<String> oneLengthProblem(Class<?> container) {
        if (container == null || !Preflight.checksOf(container).contains(Check.REAL_TIME)) {
            return Optional.empty();
        }
        LeaseProtocol protocol;
        RealTimeSettings settings;
        try {
            protocol = Harnesses.implementationUnderTest(container);
            settings = RealTimeChecks.settings(0, container);
        } catch (RuntimeException e) {
            return Optional.empty(); // a problem of its own, which the implementation's or the lengths' check says
        }
        if (!(protocol instanceof KitLeaseProtocol kit) || !kit.untilIsLastRenewal() || settings.ttlMinMillis() == settings.ttlMaxMillis()) {
            return Optional.empty();
        }
        return Optional.of(protocol.name() + " keeps the last renewal as its lease's end (untilIsLastRenewal): its leases have one"
                + " length, but the real-time workers ask for " + settings.ttlMinMillis() + ".." + settings.ttlMaxMillis()
                + " ms; give them one, e.g. @" + Fencecheck.class.getSimpleName() + "(realTimeTtl = \"200\") or -D"
                + RealTimeTtl.PROPERTY + "=200");
    }

    private static Optional<String> checkImplementation(String name) {
        try {
            LeaseProtocol protocol = Implementations.select(name);
            // a schema or statement the database refuses (a SQL pack's above all) is one line here, not an error in every try
            PackPreflight.install(Databases.shared(), protocol);
            // the database is reached and the properties are about to run on it: the run's first line says which it is
            ServerLine.printOnce(Databases.shared());
            return Optional.empty();
        } catch (SQLException | RuntimeException e) {
            return Optional.of(firstLine(e));
        }
    }

    private static String firstLine(Exception e) {
        return e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(e.toString());
    }

    /**
     * Whether {@code property} is the one to fail with {@code problem}: the first property that asks, and that one
     * again. Every other property it stops is skipped, referring to it.
     */
    static synchronized boolean firstToReport(String problem, String property) {
        return REPORTED_BY.computeIfAbsent(problem, p -> property).equals(property);
    }

    /** The property that fails with {@code problem}, once one has. */
    static synchronized Optional<String> reportedBy(String problem) {
        return Optional.ofNullable(REPORTED_BY.get(problem));
    }

    /** Forgets the last checks, for tests that change a setting. */
    static synchronized void forget() {
        settingsProblem = null;
        IMPLEMENTATION_PROBLEMS.clear();
        REPORTED_BY.clear();
    }
}
