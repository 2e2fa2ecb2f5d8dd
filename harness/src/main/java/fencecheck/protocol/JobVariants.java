package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;

import java.util.List;
import java.util.function.Supplier;

/**
 * Known-buggy variants of the job transaction, the outbox and the consumer:
 * each is the reference with one named deviation, revealed only when
 * statements of different sessions interleave inside open transactions, or
 * when the relay delivers a message again.
 */
public final class JobVariants {

    /** The token check and the job-state write are separate statements (two files: {@code job/claim.sql}, {@code job/finish_job.sql}). */
    public static final String CHECK_THEN_WRITE = "check-then-write";
    /** Business and outbox rows are written even when the claim affected zero rows (an adapter change). */
    public static final String UNBOUND_BUSINESS_ROWS = "unbound-business-rows";
    /** The fenced write reads the fence in a statement of its own, without locking it (two files: {@code read_fence.sql}, {@code write_fenced.sql}). */
    public static final String FENCE_READ_WITHOUT_LOCK = "fence-read-without-lock";
    /** The consumer applies every delivery (a file: {@code job/consume.sql}). */
    public static final String NON_IDEMPOTENT_CONSUMER = "non-idempotent-consumer";
    /** The outbox business key includes the token (a file: {@code job/outbox_row.sql}). */
    public static final String UNSTABLE_BUSINESS_KEY = "unstable-business-key";

    private JobVariants() {
    }

    public static List<LeaseProtocol> all() {
        return List.of(checkThenWrite(), unboundBusinessRows(), fenceReadWithoutLock(), nonIdempotentConsumer(),
                unstableBusinessKey());
    }

    public static List<String> names() {
        return all().stream().map(LeaseProtocol::name).toList();
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return switch (name) {
            case CHECK_THEN_WRITE -> JobVariants::checkThenWrite;
            case UNBOUND_BUSINESS_ROWS -> JobVariants::unboundBusinessRows;
            case FENCE_READ_WITHOUT_LOCK -> JobVariants::fenceReadWithoutLock;
            case NON_IDEMPOTENT_CONSUMER -> JobVariants::nonIdempotentConsumer;
            case UNSTABLE_BUSINESS_KEY -> JobVariants::unstableBusinessKey;
            default -> null;
        };
    }

    public static LeaseProtocol checkThenWrite() {
        return SqlLeaseProtocol.builtIn(CHECK_THEN_WRITE);
    }

    public static LeaseProtocol unboundBusinessRows() {
        return new SqlLeaseProtocol(UNBOUND_BUSINESS_ROWS, "business and outbox rows are written even when the token-conditioned"
                + " update affected zero rows; breaks article A's rule that they are bound to that update",
                ModelConfig.reference()) {
            @Override
            protected boolean bindsJobRowsToClaim() {
                return false;
            }
        };
    }

    public static LeaseProtocol fenceReadWithoutLock() {
        return SqlLeaseProtocol.builtIn(FENCE_READ_WITHOUT_LOCK);
    }

    public static LeaseProtocol nonIdempotentConsumer() {
        return SqlLeaseProtocol.builtIn(NON_IDEMPOTENT_CONSUMER);
    }

    public static LeaseProtocol unstableBusinessKey() {
        return SqlLeaseProtocol.builtIn(UNSTABLE_BUSINESS_KEY);
    }
}
