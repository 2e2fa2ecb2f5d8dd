package fencecheck.job;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.Write;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;

import java.util.Map;

/**
 * The job-state row a statement locks, and whether it must wait for it because another open transaction holds it
 * (the rules are {@link JobModel}'s): an acquire always waits, a renew, release or claim only when its condition
 * holds on the committed row, a fenced write only behind a claim.
 */
final class RowLocks {

    private final LeaseModel leases;

    RowLocks(LeaseModel leases) {
        this.leases = leases;
    }

    boolean mustWait(JobState state, String session, JobCommand command, long startedAt) {
        String key = lockedKey(command);
        if (key == null || state.committed().key(key).lease() == null) {
            return false;
        }
        boolean claimedByOther = false;
        boolean lockedByOther = false;
        for (Map.Entry<String, Transaction> open : state.open().entrySet()) {
            if (!open.getKey().equals(session) && open.getValue().locks(key)) {
                lockedByOther = true;
                claimedByOther |= open.getValue().locksExclusively(key);
            }
        }
        ProtocolState seen = state.committed().withNow(startedAt);
        return switch (command) {
            case LeaseOperation op -> switch (op.command()) {
                case Command.Acquire a -> lockedByOther;
                case Command.Renew r -> lockedByOther && Outcome.isSuccess(leases.step(seen, r).outcome());
                case Command.Release r -> lockedByOther && Outcome.isSuccess(leases.step(seen, r).outcome());
                default -> false;
            };
            case Write w -> claimedByOther || (w.write().sink() == SinkKind.LATEST_TOKEN_WINS && state.open().entrySet().stream()
                    .anyMatch(o -> !o.getKey().equals(session) && o.getValue().latest().containsKey(key)));
            case Claim c -> lockedByOther && state.committed().key(key).lease().token() == c.token();
            default -> false;
        };
    }

    /** The key whose job-state row {@code command} locks, or null for a statement that locks none. */
    static String lockedKey(JobCommand command) {
        return switch (command) {
            case LeaseOperation op -> switch (op.command()) {
                case Command.Acquire a -> a.key();
                case Command.Renew r -> r.key();
                case Command.Release r -> r.key();
                default -> null;
            };
            case Write w -> w.write().key();
            case Claim c -> c.key();
            default -> null;
        };
    }
}
