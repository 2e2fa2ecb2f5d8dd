package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.TokenSequence;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.List;

/**
 * The token of a lease whose grant's answer was lost, under any increasing token sequence
 * ({@link TokenSequence#INCREASING}): any token above the key's highest, not the least one the model would pick. The
 * search keeps it open as a range, the least in the lease row and the most in the node
 * ({@link SearchNode#tokenMax()}), until an answer or the rows read at the end settle it.
 *
 * <p>The model reads a lease's token only by comparing it with a token an operation names: the one a grant answered
 * (a re-grant hands the lease's own back, a fresh grant must be above it), the one a renew or release names (it binds
 * only to that token), the one a write carries (forged above the lease's, stale below a fence). So the parts of the
 * range below, at and above that token are each judged by their least token, and the step narrows the range to the
 * part that explains the answer.
 */
final class OpenTokens {

    /** Tokens from {@code least} to {@code most}, both included. */
    record Range(long least, long most) {
    }

    private final KeyOperations ops;
    private final ModelConfig config;

    OpenTokens(KeyOperations ops, ModelConfig config) {
        this.ops = ops;
        this.config = config;
    }

    /** The token of {@code rows}' lease when it is known: the one its row gives ({@link Long#MIN_VALUE} without a lease). */
    static long exactToken(KeyState rows) {
        return rows.lease() == null ? Long.MIN_VALUE : rows.lease().token();
    }

    /**
     * The parts of the open range [{@code least}, {@code most}] that operation {@code i} cannot tell apart: the whole
     * range, or where the token it names lies inside it, that token, the tokens below it, and those above it. The token
     * itself comes first: where it explains the answer as the reference gives it (a re-grant handing it back), the
     * search takes that before an admissible answer the other parts may allow.
     */
    List<Range> parts(int i, long least, long most) {
        Long named = least == most ? null : named(ops.op(i));
        if (named == null || named < least || named > most) {
            return List.of(new Range(least, most));
        }
        List<Range> parts = new ArrayList<>(3);
        parts.add(new Range(named, named));
        if (named > least) {
            parts.add(new Range(least, named - 1));
        }
        if (named < most) {
            parts.add(new Range(named + 1, most));
        }
        return parts;
    }

    /** The rows with the lease's token set to {@code token}. */
    static KeyState withToken(KeyState rows, long token) {
        Lease l = rows.lease();
        return l.token() == token ? rows : rows.withLease(new Lease(l.owner(), l.until(), token, l.released()));
    }

    /**
     * The branch of operation {@code i}'s step from {@code before} (its lease's token the least of a part whose most is
     * {@code most}), with how high the token of the lease after it may be: the same grant's keeps the part; a grant whose
     * answer was lost opens a new range; any other lease's token is the one its row gives.
     */
    Branch after(int i, KeyState before, long most, Branch b) {
        Lease was = before.lease();
        Lease now = b.rows().lease();
        boolean sameGrant = was != null && now != null && now.token() == was.token() && now.owner().equals(was.owner());
        long tokenMax;
        if (sameGrant) {
            tokenMax = most;
        } else if (now != null && opensToken(ops.op(i), b)) {
            tokenMax = Long.MAX_VALUE;
        } else {
            tokenMax = exactToken(b.rows());
        }
        return b.withTokens(tokenMax, sameGrant);
    }

    /** Whether the step is a fresh grant whose answer was lost under a sequence the model cannot predict. */
    private boolean opensToken(TimedOperation op, Branch b) {
        return op.unknown() && config.tokens() == TokenSequence.INCREASING && op.command() instanceof Command.Acquire
                && b.effect() instanceof Granted;
    }

    /** The token {@code op} compares the lease's with, or null when its step does not read the lease's token. */
    private Long named(TimedOperation op) {
        boolean tokenBinds = config.binding() == OperationBinding.OWNER_AND_TOKEN;
        return switch (op.command()) {
            case Command.Acquire a -> op.outcome() instanceof Granted g ? g.token() : null;
            case Command.Renew r -> tokenBinds ? r.token() : null;
            case Command.Release r -> tokenBinds ? r.token() : null;
            case Command.Write w -> w.token();
            case Command.RolledBackWrite r -> r.write().token();
            case Command.AdvanceClock c -> null;
        };
    }
}
