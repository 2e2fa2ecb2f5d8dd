package fencecheck.run;

import java.util.List;

/**
 * What a failover step did, kept on its history entry so that a reader (the report) need not parse its words:
 * under which replication setting, which server was primary before and which after, and which earlier steps'
 * commits the new primary does not hold.
 *
 * @param replication   the replication setting ({@code async}, {@code remote_write}, {@code on}, {@code remote_apply}),
 *                      or null when the database is not a pair fencecheck started
 * @param lossAllowed   whether that setting lets a failover lose acknowledged commits (an unknown one does)
 * @param primaryBefore the server that was primary until the failover, e.g. {@code port 41234}; null when unknown
 * @param primaryAfter  the server promoted in its place; null when unknown
 * @param keptStep      the last step whose commits the new primary holds; null when its rows match no prefix of the
 *                      commits (the rows entry that follows says how they differ)
 * @param lostSteps     the steps after {@code keptStep} whose commits the new primary does not hold, oldest first
 *                      (empty when it holds every commit); a step whose commits were lost committed something
 */
public record FailoverFacts(String replication, boolean lossAllowed, String primaryBefore, String primaryAfter, Integer keptStep,
                            List<Integer> lostSteps) {

    public FailoverFacts {
        lostSteps = lostSteps == null ? List.of() : List.copyOf(lostSteps);
    }

    /** Whether the new primary lacks commits the workers were told of. */
    public boolean lostCommits() {
        return !lostSteps.isEmpty();
    }
}
