package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.WriteOutcome;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The known-buggy variants: each is the reference with one small, named
 * deviation that the articles warn about, so a verification run can prove it
 * catches them. All claim the reference semantics ({@link ModelConfig#reference()}):
 * every difference from the model is the bug. A SQL deviation is a pack under
 * {@code /fencecheck/packs/variants/<name>/} that extends the reference and
 * holds the files it changes (its {@code fencecheck.properties} holds its
 * description); an adapter change is a subclass here, over the reference pack.
 */
public final class Variants {

    private Variants() {
    }

    /** Renew matches the owner but not the token (a file: {@code renew.sql}). */
    public static final String RENEW_IGNORES_TOKEN = "renew-ignores-token";
    /** Renew without the validity condition (a file: {@code renew.sql}). */
    public static final String RENEW_REVIVES_EXPIRED = "renew-revives-expired";
    /** Takeover of an expired lease keeps its token (a file: {@code acquire.sql}). */
    public static final String ACQUIRE_KEEPS_TOKEN = "acquire-keeps-token";
    /** Release deletes the lease row (a file: {@code release.sql}). */
    public static final String RELEASE_DELETES_ROW = "release-deletes-row";
    /** Both sinks accept any granted token, last writer wins (two files: {@code write_latest.sql}, {@code write_fenced.sql}). */
    public static final String SINK_IGNORES_TOKEN = "sink-ignores-token";
    /** The latest-token sink overwrites on an equal token (a file: {@code write_latest.sql}). */
    public static final String SINK_ACCEPTS_EQUAL_TOKEN = "sink-accepts-equal-token";
    /** The latest-token sink does not check the token against the lease row (a file: {@code write_latest.sql}). */
    public static final String SINK_TRUSTS_TOKEN = "sink-trusts-token";
    /** Acquire treats the boundary instant as expired, renew as valid (a file: {@code acquire.sql}). */
    public static final String BOUNDARY_OVERLAP = "boundary-overlap";
    /** The adapter reports an unapplied write as Applied (an adapter change). */
    public static final String ZERO_ROWS_IS_SUCCESS = "zero-rows-is-success";
    /** The fenced sink compares with one fence for all keys (a file: {@code write_fenced.sql}). */
    public static final String SHARED_FENCE = "shared-fence";
    /** A worker keeps one owner id across executions (an adapter change). */
    public static final String STABLE_OWNER = "stable-owner";

    /** Every known-buggy variant, newly made, in a fixed order. */
    public static List<LeaseProtocol> all() {
        return List.of(
                renewIgnoresToken(),
                renewRevivesExpired(),
                acquireKeepsToken(),
                releaseDeletesRow(),
                sinkIgnoresToken(),
                sinkAcceptsEqualToken(),
                sinkTrustsToken(),
                boundaryOverlap(),
                zeroRowsIsSuccess(),
                sharedFence(),
                stableOwner());
    }

    /** The names of {@link #all()}, in the same order. */
    public static List<String> names() {
        return all().stream().map(LeaseProtocol::name).toList();
    }

    /** Renew matches owner only, so a stale token of the same owner extends the lease. Breaks: renew matches owner AND token. */
    public static LeaseProtocol renewIgnoresToken() {
        return sql(RENEW_IGNORES_TOKEN);
    }

    /** Renew without {@code lease_until >= clock_timestamp()}. Breaks: an expired lease is never revived. */
    public static LeaseProtocol renewRevivesExpired() {
        return sql(RENEW_REVIVES_EXPIRED);
    }

    /** Takeover keeps the token. Breaks: each grant gets a new, strictly higher token. */
    public static LeaseProtocol acquireKeepsToken() {
        return sql(ACQUIRE_KEEPS_TOKEN);
    }

    /** Release deletes the row, so tokens restart at 1. Breaks: tokens are never reused. */
    public static LeaseProtocol releaseDeletesRow() {
        return sql(RELEASE_DELETES_ROW);
    }

    /** Both sinks: any granted token overwrites (last writer wins), reported as Applied. Breaks: fencing itself. */
    public static LeaseProtocol sinkIgnoresToken() {
        return sql(SINK_IGNORES_TOKEN);
    }

    /** {@code <=} instead of {@code <} in the latest-token upsert. Breaks: same token, other payload is a Conflict. */
    public static LeaseProtocol sinkAcceptsEqualToken() {
        return sql(SINK_ACCEPTS_EQUAL_TOKEN);
    }

    /** Article A's literal results upsert, no lease-row check. Breaks: tokens come only from grants (Forged). */
    public static LeaseProtocol sinkTrustsToken() {
        return sql(SINK_TRUSTS_TOKEN);
    }

    /** Acquire uses {@code <=}, renew {@code >=}. Breaks: acquire and renew agree on the boundary. */
    public static LeaseProtocol boundaryOverlap() {
        return sql(BOUNDARY_OVERLAP);
    }

    /** Any unapplied write is reported as Applied. Breaks: zero affected rows is never success. */
    public static LeaseProtocol zeroRowsIsSuccess() {
        return new SqlLeaseProtocol(ZERO_ROWS_IS_SUCCESS, "the adapter reports Applied for a write that changed nothing;"
                + " breaks article A's rule that the caller checks the affected rows: zero rows is not success",
                ModelConfig.reference()) {
            @Override
            protected WriteOutcome report(WriteOutcome returnedByStatement) {
                return returnedByStatement.accepted() ? returnedByStatement : new Applied();
            }
        };
    }

    /** One fence for all keys. Breaks: fences are per resource. */
    public static LeaseProtocol sharedFence() {
        return sql(SHARED_FENCE);
    }

    /** A worker's owner id is the same in every execution. Breaks: owners are fresh per execution. */
    public static LeaseProtocol stableOwner() {
        return new SqlLeaseProtocol(STABLE_OWNER, "a worker uses one stable owner id (derived from its name) in every execution;"
                + " breaks the rule that owners are fresh per execution, so a restarted worker is handed back its predecessor's lease",
                ModelConfig.reference()) {
            @Override
            public UUID newOwner(String worker) {
                return UUID.nameUUIDFromBytes(worker.getBytes(StandardCharsets.UTF_8));
            }
        };
    }

    /** A variant that differs only in SQL: its pack under {@code /fencecheck/packs/variants/<name>/} names it and says what it breaks. */
    private static LeaseProtocol sql(String name) {
        return SqlLeaseProtocol.builtIn(name);
    }

    static Supplier<LeaseProtocol> byName(String name) {
        return switch (name) {
            case RENEW_IGNORES_TOKEN -> Variants::renewIgnoresToken;
            case RENEW_REVIVES_EXPIRED -> Variants::renewRevivesExpired;
            case ACQUIRE_KEEPS_TOKEN -> Variants::acquireKeepsToken;
            case RELEASE_DELETES_ROW -> Variants::releaseDeletesRow;
            case SINK_IGNORES_TOKEN -> Variants::sinkIgnoresToken;
            case SINK_ACCEPTS_EQUAL_TOKEN -> Variants::sinkAcceptsEqualToken;
            case SINK_TRUSTS_TOKEN -> Variants::sinkTrustsToken;
            case BOUNDARY_OVERLAP -> Variants::boundaryOverlap;
            case ZERO_ROWS_IS_SUCCESS -> Variants::zeroRowsIsSuccess;
            case SHARED_FENCE -> Variants::sharedFence;
            case STABLE_OWNER -> Variants::stableOwner;
            default -> null;
        };
    }
}
