package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a failure's timeline shows, whatever kind of trace it comes from and
 * before anything is drawn: the steps along the virtual clock
 * ({@link #moments}), one lane per worker incarnation or session, and bands
 * that concern every lane. Everything on a lane refers to a step by its
 * position, the index into {@link #moments}. {@link LeaseTimeline} and
 * {@link JobTimeline} build it, {@link Timeline} draws it.
 */
final class TimelineModel {

    /** The time a lease lasts: the scale is made so that one of them is wide enough to read. */
    final long leaseTtl;
    final List<Moment> moments = new ArrayList<>();
    final List<Band> bands = new ArrayList<>();
    final List<Link> links = new ArrayList<>();
    /** Which server was primary when, oldest first; empty unless the try failed the database over. */
    final List<Primary> primaries = new ArrayList<>();
    private final Map<String, Lane> lanes = new LinkedHashMap<>();

    TimelineModel(long leaseTtl) {
        this.leaseTtl = leaseTtl;
    }

    /** A step along the axis: its number in the trace and the virtual time (µs) it ran at. */
    record Moment(int step, long at, boolean clockMoved) {
    }

    /** The position of a new step; times never go back, so a scale over them is monotone. */
    int moment(int step, long at, boolean clockMoved) {
        long previous = moments.isEmpty() ? at : moments.get(moments.size() - 1).at();
        moments.add(new Moment(step, Math.max(previous, at), clockMoved && at > previous));
        return moments.size() - 1;
    }

    long timeAt(int position) {
        return moments.get(position).at();
    }

    /** The lane of {@code id}, made on first use; {@code order} sorts the lanes top to bottom. */
    Lane lane(String id, int order) {
        return lanes.computeIfAbsent(id, i -> new Lane(i, order));
    }

    Lane existingLane(String id) {
        return id == null ? null : lanes.get(id);
    }

    List<Lane> lanes() {
        return lanes.values().stream().sorted(Comparator.comparingInt((Lane l) -> l.order)).toList();
    }

    /**
     * How an answer compares with what the model says should have happened:
     * the colour of a write tells whether the database was right, not what it said.
     */
    enum Judgement {
        ACCEPTED("accepted"),
        REFUSED("refused"),
        /** Accepted although the model says it must be refused: a stale, forged or conflicting write got in. */
        ACCEPTED_STALE("accepted-stale"),
        REFUSED_WRONGLY("refused-wrongly"),
        /** A fault took the answer away: nobody knows what the database said. */
        LOST("lost"),
        ERROR("error");

        final String css;

        Judgement(String css) {
            this.css = css;
        }

        /**
         * @param shouldSucceed whether the model says it succeeds, or null when the model has no answer
         * @param succeeded     whether the database's answer is a success, or null when there is none
         */
        static Judgement of(boolean error, Boolean shouldSucceed, Boolean succeeded) {
            if (error) {
                return ERROR;
            }
            if (succeeded == null) {
                return LOST;
            }
            if (shouldSucceed == null) {
                return succeeded ? ACCEPTED : REFUSED;
            }
            if (shouldSucceed) {
                return succeeded ? ACCEPTED : REFUSED_WRONGLY;
            }
            return succeeded ? ACCEPTED_STALE : REFUSED;
        }

        /** Whether a lease model outcome is a success; a rolled-back write counts by what it saw. */
        static Boolean success(Outcome outcome) {
            if (outcome == null) {
                return null;
            }
            return outcome instanceof Outcome.RolledBack r ? r.seen().accepted() : Outcome.isSuccess(outcome);
        }
    }

    /** An outcome in a word or two, for a label: {@code grant t2}, {@code busy}, {@code stale}. */
    static String word(Outcome outcome) {
        return switch (outcome) {
            case null -> "no answer";
            case Outcome.Granted g -> "grant t" + g.token();
            case Outcome.Busy b -> "busy";
            case Outcome.Renewed r -> "renewed";
            case Outcome.RenewRejected r -> "renew refused";
            case Outcome.Released r -> "released";
            case Outcome.ReleaseRejected r -> "release refused";
            case Outcome.RolledBack r -> word(r.seen()) + ", rolled back";
            case Outcome.ClockAt c -> "clock";
            default -> outcome.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        };
    }

    /** One worker incarnation or session, and everything that happened on it. */
    static final class Lane {
        final String id;
        final int order;
        /** A line under the lane's name, such as what became of it. */
        String note = "";
        final List<Bar> bars = new ArrayList<>();
        final List<Span> spans = new ArrayList<>();
        final List<Wait> waits = new ArrayList<>();
        final List<Mark> marks = new ArrayList<>();
        final List<Shade> shades = new ArrayList<>();

        Lane(String id, int order) {
            this.id = id;
            this.order = order;
        }

        void mark(Mark mark) {
            marks.add(mark);
        }

        /**
         * A lease granted at {@code position}; the same token again (an idempotent re-grant) only moves
         * its end, and a new token ends the lease this lane held on the key unless it had expired already.
         */
        Bar grant(String key, long token, long until, int position, long now, boolean answerLost) {
            Bar open = open(key, now);
            if (open != null && open.token == token) {
                open.until = Math.max(open.until, until);
                open.answerLost &= answerLost;
                return open;
            }
            if (open != null) {
                open.end(position, "replaced");
            }
            Bar bar = new Bar(key, token, position, until, answerLost);
            bars.add(bar);
            return bar;
        }

        void renew(String key, long until, long now) {
            Bar open = open(key, now);
            if (open != null) {
                open.until = until;
            }
        }

        void release(String key, int position, long now) {
            Bar open = open(key, now);
            if (open != null) {
                open.end(position, "released");
            }
        }

        /** The lease on {@code key} still valid at {@code now} (valid while now &lt;= until), or null. */
        private Bar open(String key, long now) {
            for (Bar b : bars) {
                if (b.key.equals(key) && b.endedAt == null && now <= b.until) {
                    return b;
                }
            }
            return null;
        }

        /**
         * What an acquire, renew or release did to this lane's leases, and its mark.
         *
         * @param lost whether the answer never reached the worker: a fault took it away (then the model's
         *             answer says what the database did), or the grant's receipt was lost on the way back
         */
        void leaseOperation(Command command, Outcome expected, Outcome observed, boolean lost, int position, long now,
                            String title, String modelSays) {
            boolean differs = !modelSays.isEmpty();
            Outcome done = observed != null ? observed : lost ? expected : null;
            String q = (lost || observed == null ? " ?" : "") + (differs ? "\n" + modelSays : "");
            switch (command) {
                case Command.Acquire a -> {
                    if (done instanceof Outcome.Granted g) {
                        boolean hollow = lost || observed == null;
                        grant(a.key(), g.token(), g.until(), position, now, hollow);
                        mark(new Mark(position, hollow ? "grant-lost" : "grant", null, "",
                                "grant t" + g.token() + q, title, differs));
                    } else if (done instanceof Outcome.Busy) {
                        mark(new Mark(position, "busy", null, "", "busy" + q, title, differs));
                    } else {
                        mark(new Mark(position, "lost", null, "", "acquire" + q, title, differs));
                    }
                }
                case Command.Renew r -> {
                    if (done instanceof Outcome.Renewed rn) {
                        renew(r.key(), rn.until(), now);
                        mark(new Mark(position, "renew", null, "", "renew" + q, title, differs));
                    } else if (done != null) {
                        mark(new Mark(position, "rejected", null, "", "renew refused" + q.replace(" ?", ""), title, differs));
                    } else {
                        mark(new Mark(position, "lost", null, "", "renew" + q, title, differs));
                    }
                }
                case Command.Release r -> {
                    if (done instanceof Outcome.Released) {
                        release(r.key(), position, now);
                        mark(new Mark(position, "release", null, "", "release" + q, title, differs));
                    } else if (done != null) {
                        mark(new Mark(position, "rejected", null, "", "release refused" + q.replace(" ?", ""), title, differs));
                    } else {
                        mark(new Mark(position, "lost", null, "", "release" + q, title, differs));
                    }
                }
                default -> mark(new Mark(position, "noop", null, "", "", title, differs));
            }
        }

        /** A second label line under a mark whose answer is not the model's: what the model says. */
        static String modelSays(boolean differs, String expected) {
            return differs ? "model: " + expected : "";
        }

        /** The open transaction, or null. */
        Span openSpan() {
            return spans.isEmpty() || spans.get(spans.size() - 1).end != null ? null : spans.get(spans.size() - 1);
        }

        Wait openWait(String kind) {
            for (Wait w : waits) {
                if (w.to == null && w.kind.equals(kind)) {
                    return w;
                }
            }
            return null;
        }

        void closeShade(String kind, int position) {
            for (Shade s : shades) {
                if (s.to == null && s.kind.equals(kind)) {
                    s.to = position;
                }
            }
        }
    }

    /** A lease held: from its grant until its end of validity, or until the position where it was released or replaced. */
    static final class Bar {
        final String key;
        final long token;
        final int from;
        long until;
        /** Where it ended before its expiry, or null. */
        Integer endedAt;
        String ending = "";
        /** Granted, but the grant's answer never reached the worker (until a re-grant's did). */
        boolean answerLost;
        /** Granted and acknowledged, then lost in a failover: the new primary never had it. */
        boolean lostInFailover;

        Bar(String key, long token, int from, long until, boolean answerLost) {
            this.key = key;
            this.token = token;
            this.from = from;
            this.until = until;
            this.answerLost = answerLost;
        }

        void end(int position, String why) {
            endedAt = position;
            ending = why;
        }

        String label() {
            return key + " · t" + token;
        }
    }

    /** A transaction, from its begin to its commit or rollback ({@code end} null while it is open). */
    static final class Span {
        final int from;
        Integer to;
        /** {@code committed}, {@code rolled-back}, {@code error}, or null while open. */
        String end;
        /** Committed and acknowledged, then lost in a failover: the new primary never had what it wrote. */
        boolean lostInFailover;

        Span(int from) {
            this.from = from;
        }
    }

    /**
     * A statement that could not go on: {@code wait} for a row lock, {@code held} by the network.
     * {@code expected} is false when the model says it should have answered at once.
     */
    static final class Wait {
        final int from;
        Integer to;
        final String kind;
        final boolean expected;
        final String title;

        Wait(int from, String kind, boolean expected, String title) {
            this.from = from;
            this.kind = kind;
            this.expected = expected;
            this.title = title;
        }
    }

    /**
     * Something that happened at one position of a lane.
     *
     * @param kind      what it is ({@code write}, {@code grant}, {@code network}, ...): its shape and its legend entry
     * @param judgement for writes, claims and deliveries, how the answer compares with the model; else null
     * @param letter    the letter drawn inside a judged mark
     * @param label     the text under it, readable without hovering; lines separated by {@code \n}
     * @param title     the details shown on hover
     * @param differs   whether the database's answer differs from the model's
     */
    record Mark(int position, String kind, Judgement judgement, String letter, String label, String title, boolean differs) {
    }

    /** A stretch of a lane in a state: {@code paused}, {@code zombie}, {@code dead}; open-ended while {@code to} is null. */
    static final class Shade {
        final int from;
        Integer to;
        final String kind;
        final String label;

        Shade(int from, String kind, String label) {
            this.from = from;
            this.kind = kind;
            this.label = label;
        }
    }

    /**
     * Something at one position that concerns every lane: {@code database-crash}, {@code failover},
     * {@code coordinator-restart}, {@code divergent}, {@code violation}.
     */
    record Band(int position, String kind, String label, String title) {
    }

    /**
     * A stretch during which one server was the primary: from {@code from} (0: the try's start) to the failover at
     * {@code to} (null: to the try's end).
     *
     * @param letter the server's short name ({@code A}, {@code B}), the same for the same server all along
     * @param label  the server with how it is known, e.g. {@code server A · port 41234}
     */
    static final class Primary {
        final int from;
        Integer to;
        final String letter;
        final String label;

        Primary(int from, String letter, String label) {
            this.from = from;
            this.letter = letter;
            this.label = label;
        }
    }

    /** A waiting statement goes on at {@code position} because the transaction on {@code fromLane} ended. */
    record Link(String fromLane, String toLane, int position, String title) {
    }
}
