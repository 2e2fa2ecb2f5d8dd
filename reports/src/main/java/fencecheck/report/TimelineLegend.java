package fencecheck.report;

import fencecheck.report.TimelineModel.Judgement;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The legend of one drawing: the drawing says which kinds of thing it drew,
 * and only those are explained, in a fixed order.
 */
final class TimelineLegend {

    /** Every entry there can be, in the order they are listed: key to text. */
    private static final Map<String, String> TEXTS = new LinkedHashMap<>();

    static {
        TEXTS.put("lease", "lease held (key · token), from its grant to its expiry or release");
        TEXTS.put("lease-lost", "lease granted, but the answer never reached the worker");
        TEXTS.put("expiry", "lease expiry (on the clock axis and at the end of its bar)");
        TEXTS.put("grant", "granted");
        TEXTS.put("grant-lost", "granted, answer lost");
        TEXTS.put("busy", "acquire refused: busy");
        TEXTS.put("renew", "renewed");
        TEXTS.put("release", "released");
        TEXTS.put("rejected", "renew or release refused");
        TEXTS.put("lost", "answer lost to a fault");
        TEXTS.put("write-accepted", "write accepted, as the model says");
        TEXTS.put("write-refused", "write refused, as the model says");
        TEXTS.put("write-accepted-stale", "stale/forged write accepted: the model says it must be refused");
        TEXTS.put("write-refused-wrongly", "write refused although the model says it must be accepted");
        TEXTS.put("write-lost", "write whose answer was lost to a fault");
        TEXTS.put("write-error", "error instead of an answer");
        TEXTS.put("rolled-back", "rb: written in a transaction that was rolled back");
        TEXTS.put("letters", "W fenced or latest-token write · C claim · B business row · O outbox row");
        TEXTS.put("delivery-accepted", "message delivered, effect applied, as the model says");
        TEXTS.put("delivery-refused", "message delivered, no effect (already applied), as the model says");
        TEXTS.put("delivery-accepted-stale", "effect applied again: the consumer must apply each key once");
        TEXTS.put("delivery-refused-wrongly", "effect missing: the model says the consumer applies it");
        TEXTS.put("delivery-error", "delivery failed with an error");
        TEXTS.put("txn-committed", "transaction, begin to commit");
        TEXTS.put("txn-rolled-back", "transaction, begin to rollback");
        TEXTS.put("txn-error", "transaction that ended in an error");
        TEXTS.put("txn-open", "transaction still open when the try stopped");
        TEXTS.put("commit", "commit");
        TEXTS.put("commit-accepted-stale", "commit accepted although it breaks an invariant: a stale job got in");
        TEXTS.put("rollback", "rollback");
        TEXTS.put("wait", "statement waiting for a row lock");
        TEXTS.put("wait-unexpected", "waiting, although the model says it answers at once");
        TEXTS.put("link", "the lock holder's transaction ends: the waiting statement goes on");
        TEXTS.put("held", "statement held by the network until delivered");
        TEXTS.put("split", "split: the call stopped between two of its statements, other sessions go on until it does");
        TEXTS.put("network", "network fault: armed for the next statement of the lane, and what it did to that statement");
        TEXTS.put("restart", "worker restarted");
        TEXTS.put("resume", "a zombie resumes, still believing what it did before the restart");
        TEXTS.put("paused", "paused");
        TEXTS.put("zombie", "zombie: the old incarnation, still believing what it did");
        TEXTS.put("dead", "incarnation gone (restarted or crashed)");
        TEXTS.put("database-crash", "database crash and restart");
        TEXTS.put("standby-stops", "the standby stops: from here the primary acknowledges commits the standby does not have");
        TEXTS.put("failover", "failover: the primary stops at once, its standby is promoted (replication setting, old → new primary)");
        TEXTS.put("primary", "which server was the primary when (the servers by letter, e.g. A and B)");
        TEXTS.put("lost-commit", "struck through (a transaction: outlined in crimson): acknowledged, then lost in the failover"
                + " (the new primary does not hold it)");
        TEXTS.put("coordinator-restart", "coordinator restart");
        TEXTS.put("unexpected", "a statement did what the model does not say");
        TEXTS.put("noop", "no-op: the step did nothing");
        TEXTS.put("differs", "answer differs from the model's");
        TEXTS.put("divergent", "divergent step");
        TEXTS.put("violation", "invariant broken");
        TEXTS.put("clock-move", "the clock moves (width in proportion to the time)");
    }

    private final Set<String> used = new HashSet<>();

    void use(String key) {
        if (!TEXTS.containsKey(key)) {
            throw new IllegalArgumentException("no legend entry " + key);
        }
        used.add(key);
    }

    /** The legend key of a mark, or null when another entry explains it (a begin is the start of its transaction). */
    static String keyOf(TimelineModel.Mark m) {
        String base = m.kind().split(" ")[0];
        if (m.judgement() != null && (base.equals("write") || base.equals("delivery"))) {
            return base + "-" + m.judgement().css;
        }
        if (m.judgement() == Judgement.ERROR) {
            return "write-error";
        }
        if (base.equals("commit") && m.judgement() == Judgement.ACCEPTED_STALE) {
            return "commit-accepted-stale";
        }
        return switch (base) {
            case "begin" -> null;
            case "waits" -> "wait";
            default -> base;
        };
    }

    String html() {
        StringBuilder h = new StringBuilder("<div class=\"legend\">");
        TEXTS.forEach((key, text) -> {
            if (used.contains(key)) {
                h.append("<span class=\"key\" data-key=\"").append(key).append("\"><svg class=\"swatch\" width=\"22\" height=\"18\" viewBox=\"0 0 22 18\" aria-hidden=\"true\">")
                        .append(swatch(key)).append("</svg>").append(Html.esc(text)).append("</span>");
            }
        });
        return h.append("</div>\n").toString();
    }

    private static String swatch(String key) {
        if (key.startsWith("write-") || key.startsWith("delivery-")) {
            String kind = key.substring(0, key.indexOf('-'));
            String css = key.substring(key.indexOf('-') + 1);
            for (Judgement j : Judgement.values()) {
                if (j.css.equals(css)) {
                    return TimelineShapes.mark(kind, j, kind.equals("write") ? "W" : "D", 11, 9);
                }
            }
        }
        return switch (key) {
            case "lease" -> "<rect x=\"1\" y=\"4\" width=\"20\" height=\"10\" rx=\"2\" fill=\"" + TimelineShapes.LEASE + "\"/>";
            case "lease-lost" -> "<rect x=\"1\" y=\"4\" width=\"20\" height=\"10\" rx=\"2\" fill=\"#fff\" stroke=\"" + TimelineShapes.LEASE
                    + "\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>";
            case "expiry" -> "<rect x=\"1\" y=\"4\" width=\"12\" height=\"10\" fill=\"" + TimelineShapes.LEASE + "\"/>"
                    + "<path d=\"M 13 2 v 14\" stroke=\"" + TimelineShapes.EXPIRY + "\" stroke-width=\"2.5\"/>"
                    + "<path d=\"M 15 4 h 6 l -3 5 z\" fill=\"" + TimelineShapes.EXPIRY + "\"/>";
            case "rolled-back" -> TimelineShapes.mark("write rolled-back", Judgement.ACCEPTED, "W", 11, 9);
            case "letters" -> "<text x=\"11\" y=\"13\" text-anchor=\"middle\" font-size=\"10\" font-weight=\"700\" fill=\""
                    + TimelineShapes.TEXT + "\">W</text>";
            case "txn-committed", "txn-rolled-back", "txn-error", "txn-open" -> {
                String[] s = TimelineShapes.span(key.substring(4));
                yield "<rect x=\"1\" y=\"3\" width=\"20\" height=\"12\" rx=\"3\" fill=\"" + s[0] + "\" stroke=\"" + s[1]
                        + "\" stroke-width=\"1.5\"" + (s[2].isEmpty() ? "" : " stroke-dasharray=\"" + s[2] + "\"") + "/>";
            }
            case "wait", "wait-unexpected" -> "<path d=\"M 1 9 h 20\" stroke=\"" + (key.equals("wait") ? TimelineShapes.WAIT
                    : TimelineShapes.colour(Judgement.REFUSED_WRONGLY)) + "\" stroke-width=\"4\" stroke-dasharray=\"4 2\"/>";
            case "held" -> "<path d=\"M 1 9 h 20\" stroke=\"" + TimelineShapes.HELD + "\" stroke-width=\"4\" stroke-dasharray=\"2 2\"/>";
            case "split" -> "<path d=\"M 1 9 h 20\" stroke=\"" + TimelineShapes.SPLIT + "\" stroke-width=\"4\" stroke-dasharray=\"6 2\"/>";
            case "commit-accepted-stale" -> TimelineShapes.mark("commit", Judgement.ACCEPTED_STALE, "", 11, 9);
            case "link" -> "<path d=\"M 11 1 v 12\" stroke=\"" + TimelineShapes.WAIT + "\" stroke-width=\"1.5\"/>"
                    + "<path d=\"M 7 11 l 4 6 l 4 -6 z\" fill=\"" + TimelineShapes.WAIT + "\"/>";
            case "paused", "zombie", "dead" -> "<rect x=\"1\" y=\"2\" width=\"20\" height=\"14\" fill=\"" + TimelineShapes.shade(key)
                    + "\" fill-opacity=\"0.3\" stroke=\"" + TimelineShapes.shade(key) + "\"/>";
            case "database-crash" -> "<rect x=\"6\" y=\"1\" width=\"10\" height=\"16\" fill=\"#ffcc80\" stroke=\"" + TimelineShapes.FAULT + "\"/>";
            case "failover" -> "<rect x=\"6\" y=\"1\" width=\"10\" height=\"16\" fill=\"" + TimelineShapes.FAILOVER_FILL + "\" stroke=\""
                    + TimelineShapes.FAILOVER + "\"/>";
            case "primary" -> "<rect x=\"1\" y=\"4\" width=\"10\" height=\"10\" fill=\"" + TimelineShapes.server("A") + "\" fill-opacity=\"0.4\"/>"
                    + "<rect x=\"11\" y=\"4\" width=\"10\" height=\"10\" fill=\"" + TimelineShapes.server("B") + "\" fill-opacity=\"0.4\"/>";
            case "lost-commit" -> TimelineShapes.mark("grant", null, "", 11, 9) + TimelineShapes.struck(1, 21, 9);
            case "coordinator-restart" -> "<rect x=\"6\" y=\"1\" width=\"10\" height=\"16\" fill=\"#b2dfdb\" stroke=\"#00897b\"/>";
            case "divergent" -> "<rect x=\"6\" y=\"1\" width=\"10\" height=\"16\" fill=\"#e53935\" fill-opacity=\"0.15\" stroke=\"#c62828\" stroke-width=\"2\"/>";
            case "violation" -> "<rect x=\"6\" y=\"1\" width=\"10\" height=\"16\" fill=\"#ef6c00\" fill-opacity=\"0.12\" stroke=\"#ef6c00\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>";
            case "clock-move" -> "<path d=\"M 1 9 h 20\" stroke=\"#1a5fd0\" stroke-width=\"4\"/>";
            case "differs" -> TimelineShapes.differs(11, 9).replace("r=\"12\"", "r=\"8\"");
            default -> TimelineShapes.mark(key, null, "", 11, 9);
        };
    }
}
