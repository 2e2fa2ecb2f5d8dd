package fencecheck.realtime;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseProtocol;
import fencecheck.check.Linearizability;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Held to safety in real time, an implementation whose renew revives its own expired lease (the variant
 * {@code renew-revives-expired}, which the build holds to strict) passes, and the revival is a note; the reference's
 * answers give none.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealTimeNotesTest {

    private static final String REVIVAL = "renew: a renew after the lease ran out at # revives it (nobody was granted the key meanwhile)";
    /** Runs of one worker tried before the revival must have been met. */
    private static final int MOST_RUNS = 6;

    /**
     * One worker: the nemesis opens every run by pausing it past its lease's end, after which it renews, and no other
     * worker takes the key meanwhile (only its own restarted incarnations could). A run that meets no pause of a
     * holder (the threads' timing may leave the nemesis none to pause) is followed by another, at most
     * {@value #MOST_RUNS}; every run must pass.
     */
    @Test
    @Order(1)
    void aRenewThatRevivesItsExpiredLeaseIsANoteAndTheRunPasses() throws Exception {
        LeaseProtocol protocol = Implementations.select("renew-revives-expired");
        List<String> runs = new ArrayList<>();
        RealTimeNotes.Note revival = null;
        for (int run = 1; run <= MOST_RUNS && revival == null; run++) {
            RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), protocol, RealTimeSettings.quick(2_000, run).withWorkers(1),
                    Conformance.SAFETY);
            assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
            assertThat(r.notes()).extracting(RealTimeNotes.Note::kind).doesNotHaveDuplicates();
            runs.add(r.history().operations().size() + " operations, notes " + r.notes().stream().map(RealTimeNotes.Note::kind).toList());
            revival = r.notes().stream().filter(n -> n.kind().equals(REVIVAL)).findFirst().orElse(null);
        }
        System.out.println("renew-revives-expired under safety, one worker: " + runs);
        assertThat(revival).as("no revival in %d runs: %s", MOST_RUNS, runs).isNotNull();
        assertThat(revival.difference()).startsWith("operation " + revival.operation() + " (").contains("answered Renewed(until");
        long renewed = revival.history().operation(revival.operation()).complete();
        assertThat(revival.history().operations()).as("the note's key, up to the renew")
                .allSatisfy(o -> assertThat(o.invoke()).isLessThanOrEqualTo(renewed));
        // the note's history is one the reference's answers alone do not explain
        assertThat(Linearizability.check(revival.history(), protocol.modelConfig().withConformance(Conformance.STRICT)))
                .isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    @Order(2)
    void theReferenceHeldToSafetyHasNoNote() throws Exception {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), Implementations.select("reference"),
                RealTimeSettings.quick(2_000, 5), Conformance.SAFETY);

        assertThat(r.history().operations()).as("a run that did something").hasSizeGreaterThan(20);
        assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
        assertThat(r.notes()).isEmpty();
    }
}
