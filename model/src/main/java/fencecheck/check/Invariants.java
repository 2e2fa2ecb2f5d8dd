package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.model.Micros;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Invariants 1-4 as pure functions over a history of observed events (and,
 * for 4, the rows observed after them). They
 * use only what the system answered, never the model, so a model bug cannot
 * hide an implementation bug.
 */
public final class Invariants {

    private Invariants() {
    }

    public static List<Violation> check(List<Event> history, Boundary boundary) {
        return check(history, List.of(), boundary);
    }

    /** @param stored the rows the system showed after its steps, for invariant 4 */
    public static List<Violation> check(List<Event> history, List<Stored> stored, Boundary boundary) {
        return check(history, stored, boundary, Micros::format);
    }

    /** @param instant how an instant of {@code history} is written in a violation's sentence */
    public static List<Violation> check(List<Event> history, List<Stored> stored, Boundary boundary, LongFunction<String> instant) {
        List<Violation> violations = new ArrayList<>();
        violations.addAll(AcknowledgedWrites.check(history, stored));
        violations.addAll(noStaleAcceptance(history));
        violations.addAll(mutualExclusion(history, boundary, instant));
        violations.addAll(tokensStrictlyIncreasing(history));
        violations.sort((a, b) -> Integer.compare(a.step(), b.step()));
        return violations;
    }

    /**
     * 1. For {@code CURRENT_FENCE} every accepted write carries the latest token granted
     * for its key before it; for {@code LATEST_TOKEN_WINS} accepted tokens per key never
     * decrease. In both, an accepted token must have been granted for that key.
     */
    public static List<Violation> noStaleAcceptance(List<Event> history) {
        List<Violation> found = new ArrayList<>();
        Map<String, Event> latestGrant = new HashMap<>();
        Map<String, Event> highestAccepted = new HashMap<>();
        for (Event e : history) {
            if (e.command() instanceof Acquire a && e.outcome() instanceof Granted g
                    && g.token() > grantedToken(latestGrant.get(a.key()))) {
                latestGrant.put(a.key(), e);
            }
            if (!(e.command() instanceof Write w) || !(e.outcome() instanceof WriteOutcome o) || !o.accepted()) {
                continue;
            }
            Event grant = latestGrant.get(w.key());
            long granted = grantedToken(grant);
            List<Integer> byGrant = grant == null ? List.of() : List.of(grant.step());
            if (w.token() > granted) {
                found.add(new Violation(Invariant.NO_STALE_ACCEPTANCE, e.step(),
                        "write to " + w.key() + " accepted with token " + w.token()
                                + " that was never granted for it (latest grant " + granted + ")", byGrant));
            } else if (w.sink() == SinkKind.CURRENT_FENCE && w.token() < granted) {
                found.add(new Violation(Invariant.NO_STALE_ACCEPTANCE, e.step(),
                        "fenced write " + w.resultId() + " to " + w.key() + " accepted with token " + w.token()
                                + " after token " + granted + " was granted", byGrant));
            } else if (w.sink() == SinkKind.LATEST_TOKEN_WINS) {
                Event highest = highestAccepted.get(w.key());
                long highestToken = highest == null ? 0 : ((Write) highest.command()).token();
                if (w.token() < highestToken) {
                    found.add(new Violation(Invariant.NO_STALE_ACCEPTANCE, e.step(),
                            "write to " + w.key() + " accepted with token " + w.token()
                                    + " after token " + highestToken + " was accepted", List.of(highest.step())));
                }
                if (w.token() >= highestToken) {
                    highestAccepted.put(w.key(), e);
                }
            }
        }
        return found;
    }

    private static long grantedToken(Event grant) {
        return grant == null ? 0 : ((Granted) grant.outcome()).token();
    }

    /** 2. At no database instant do two owners hold a valid lease on one key. */
    public static List<Violation> mutualExclusion(List<Event> history, Boundary boundary) {
        return mutualExclusion(history, boundary, Micros::format);
    }

    private static List<Violation> mutualExclusion(List<Event> history, Boundary boundary, LongFunction<String> instant) {
        List<Violation> found = new ArrayList<>();
        // per key and owner: the answer that made its lease last longest so far
        Map<String, Map<String, Claim>> claims = new HashMap<>();
        for (Event e : history) {
            String key;
            String owner;
            long until;
            Command c = e.command();
            if (c instanceof Acquire a && e.outcome() instanceof Granted g) {
                key = a.key();
                owner = a.owner();
                until = g.until();
            } else if (c instanceof Renew r && e.outcome() instanceof Renewed rn) {
                key = r.key();
                owner = r.owner();
                until = rn.until();
            } else {
                if (c instanceof Release r && e.outcome() instanceof Released) {
                    Map<String, Claim> holders = claims.get(r.key());
                    if (holders != null) {
                        holders.remove(r.owner());
                    }
                }
                continue;
            }
            Map<String, Claim> holders = claims.computeIfAbsent(key, k -> new HashMap<>());
            for (Map.Entry<String, Claim> other : holders.entrySet()) {
                if (!other.getKey().equals(owner) && boundary.isValid(e.at(), other.getValue().until())) {
                    found.add(new Violation(Invariant.MUTUAL_EXCLUSION, e.step(),
                            owner + " holds " + key + " while " + other.getKey()
                                    + "'s lease is still valid (until " + instant.apply(other.getValue().until()) + ")",
                            List.of(other.getValue().step())));
                }
            }
            holders.put(owner, new Claim(until, e.step()));
        }
        return found;
    }

    /** An owner's lease on a key as the answer at {@code step} left it. */
    private record Claim(long until, int step) {
    }

    /**
     * 3. Per key, every grant carries a token above all earlier ones, except an
     * idempotent re-grant: the same owner getting its still-current lease back
     * with the same token: the same expiry, another one computed while the lease still
     * held (a re-lock that moves the end, as a renewal would), or, after that owner
     * released it, an expiry no later (a release may shorten the lease but leave it
     * valid for an instant, e.g. one stored with {@code until = now}).
     * A renewal answered to the holder moves the expiry, whatever token it named
     * (an implementation may bind renew to the owner alone); the answers are all
     * this reads, under every setting alike.
     *
     * <p>A renewal whose answer was lost comes as an event without an outcome, at the
     * instant its answer would have come: it may have taken effect anywhere before then,
     * so a later re-grant to the holder may reveal it, or a chain of them, each read while
     * the one before still held.
     */
    public static List<Violation> tokensStrictlyIncreasing(List<Event> history) {
        List<Violation> found = new ArrayList<>();
        Map<String, Granted> current = new HashMap<>();
        Map<String, Integer> grantedAt = new HashMap<>();
        Map<String, String> holder = new HashMap<>();
        Set<String> releasedByHolder = new HashSet<>();
        // per key, the latest instant an unseen renewal by the holder could have made the lease last until
        Map<String, Long> unseenUntil = new HashMap<>();
        for (Event e : history) {
            if (e.command() instanceof Renew r && e.outcome() == null && r.owner().equals(holder.get(r.key()))
                    && current.containsKey(r.key())) {
                unseenUntil.merge(r.key(), e.at() + r.ttl(), Math::max);
            }
            if (e.command() instanceof Renew r && e.outcome() instanceof Renewed rn
                    && r.owner().equals(holder.get(r.key())) && current.containsKey(r.key())) {
                current.put(r.key(), new Granted(current.get(r.key()).token(), rn.until()));
                releasedByHolder.remove(r.key());
                unseenUntil.remove(r.key());
            }
            if (e.command() instanceof Release r && e.outcome() instanceof Released && r.owner().equals(holder.get(r.key()))) {
                releasedByHolder.add(r.key());
            }
            if (!(e.command() instanceof Acquire a) || !(e.outcome() instanceof Granted g)) {
                continue;
            }
            Granted previous = current.get(a.key());
            if (previous != null) {
                boolean sameLease = g.token() == previous.token() && a.owner().equals(holder.get(a.key()));
                // the holder's lease handed back: unchanged, shortened by its release, or given a new end while it
                // held, by this grant (a library whose re-lock moves the end either way) or by a renewal whose answer
                // was lost (it took effect, but no answer says so): its end is ttl after an instant not after the end
                // then known. A lease that had ended, or that its holder released, is over: a grant after it is new
                long renewedAt = g.until() - a.ttl();
                long validUntil = Math.max(previous.until(), unseenUntil.getOrDefault(a.key(), Long.MIN_VALUE));
                boolean whileHeld = !releasedByHolder.contains(a.key()) && renewedAt <= validUntil;
                boolean regrant = sameLease && (g.until() == previous.until() || whileHeld
                        || (releasedByHolder.contains(a.key()) && g.until() <= previous.until()));
                if (g.token() < previous.token()) {
                    found.add(new Violation(Invariant.TOKENS_STRICTLY_INCREASING, e.step(),
                            "token " + g.token() + " granted for " + a.key() + " after token " + previous.token(),
                            List.of(grantedAt.get(a.key()))));
                } else if (g.token() == previous.token() && !regrant) {
                    found.add(new Violation(Invariant.TOKENS_STRICTLY_INCREASING, e.step(),
                            "token " + g.token() + " of " + a.key() + " granted to " + a.owner()
                                    + " after it was granted to " + holder.get(a.key()), List.of(grantedAt.get(a.key()))));
                }
                if (g.token() < previous.token()) {
                    continue;
                }
                if (regrant) {
                    // the re-granted expiry is the lease's (shortened by the release, if any): keep it as it was answered
                    current.put(a.key(), g);
                    unseenUntil.remove(a.key());
                    continue;
                }
            }
            current.put(a.key(), g);
            grantedAt.put(a.key(), e.step());
            holder.put(a.key(), a.owner());
            releasedByHolder.remove(a.key());
            unseenUntil.remove(a.key());
        }
        return found;
    }
}
