package fencecheck.protocol;

import fencecheck.model.ModelConfig;

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
        return variant(CHECK_THEN_WRITE, "the job reads the fence in one statement and writes its job-state row in a later one,"
                + " holding nothing in between; breaks article B's rule that checking the token and writing are one atomic step");
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
        return variant(FENCE_READ_WITHOUT_LOCK, "the CURRENT_FENCE write reads the fence in a separate statement without locking"
                + " the lease row, so a grant can move the fence before the write commits; breaks the atomic check-and-write");
    }

    public static LeaseProtocol nonIdempotentConsumer() {
        return variant(NON_IDEMPOTENT_CONSUMER, "the consumer applies every delivery; breaks the rule that each business key"
                + " takes effect exactly once under at-least-once delivery");
    }

    public static LeaseProtocol unstableBusinessKey() {
        return variant(UNSTABLE_BUSINESS_KEY, "the outbox business key includes the token, so a job run again under a later"
                + " token sends a second message and the consumer applies a second effect; breaks the stable business key");
    }

    private static LeaseProtocol variant(String name, String description) {
        return new SqlLeaseProtocol(name, description, ModelConfig.reference(), "variants/" + name);
    }
}
