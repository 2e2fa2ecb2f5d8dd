package fencecheck.report;

import fencecheck.check.Violation;
import fencecheck.model.Command;
import fencecheck.model.Outcome;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The timeline drawing of a failed try, as inline SVG: one column per
 * executed step, one lane per worker incarnation. Lease intervals are bars
 * labelled with key and token, from the grant until the clock passes the
 * lease's end (or a release); writes are circles coloured by the database's
 * answer; pauses, zombies and other faults are shaded; the virtual clock runs
 * along the axis; the divergent step is a red band.
 */
final class Timeline {

    static final int LEFT = 96;
    static final int COLUMN = 84;
    static final int TOP = 30;
    static final int LANE = 58;
    static final int AXIS = 50;
    static final int RIGHT = 24;

    /** Colours of write outcomes, also used by the legend. */
    static final Map<String, String> WRITE_COLOURS = new LinkedHashMap<>();

    static {
        WRITE_COLOURS.put("Applied", "#2e7d32");
        WRITE_COLOURS.put("Replayed", "#00897b");
        WRITE_COLOURS.put("Conflict", "#ef6c00");
        WRITE_COLOURS.put("Stale", "#546e7a");
        WRITE_COLOURS.put("Forged", "#8e24aa");
        WRITE_COLOURS.put("error", "#c62828");
    }

    private final List<HistoryEntry> history;
    private final List<Step> steps;
    private final Integer divergentStep;
    private final Set<Integer> violationSteps = new TreeSet<>();

    private final Map<String, Lane> lanes = new LinkedHashMap<>();
    private final Map<Integer, Integer> incarnations = new HashMap<>();
    private final Map<Integer, String> current = new HashMap<>();
    private final Map<Integer, String> zombies = new HashMap<>();
    private final List<Shade> columnShades = new ArrayList<>();

    private Timeline(Trace trace, List<HistoryEntry> history, Integer divergentStep, List<Violation> violations) {
        this.history = history;
        this.steps = trace == null ? List.of() : trace.steps();
        this.divergentStep = divergentStep;
        violations.forEach(v -> violationSteps.add(v.step()));
    }

    /** The SVG of a failure with a history, or an empty string when it has none. */
    static String svg(RunResult.Failure failure) {
        if (failure.history() == null || failure.history().isEmpty()) {
            return "";
        }
        Timeline t = new Timeline(failure.trace(), failure.history(), failure.divergentStep(), failure.violations());
        t.lay();
        return t.draw();
    }

    // --- what happened, per lane ---------------------------------------------------------------------------

    private static final class Lane {
        final String label;
        final int index;
        String note = "";
        final List<Bar> bars = new ArrayList<>();
        final List<Mark> marks = new ArrayList<>();
        final List<Shade> shades = new ArrayList<>();
        Double endsAt;

        Lane(String label, int index) {
            this.label = label;
            this.index = index;
        }

        Bar open(String key) {
            for (Bar b : bars) {
                if (b.end == null && b.key.equals(key)) {
                    return b;
                }
            }
            return null;
        }
    }

    private static final class Bar {
        final String key;
        final long token;
        long until;
        final int start;
        Double end;
        String ended = "";

        Bar(String key, long token, long until, int start) {
            this.key = key;
            this.token = token;
            this.until = until;
            this.start = start;
        }
    }

    private record Mark(int column, String shape, String colour, String letter, String label, String title) {
    }

    private record Shade(double from, Double to, String kind, String label) {
    }

    private Lane lane(String label) {
        return lanes.computeIfAbsent(label, l -> new Lane(l, lanes.size()));
    }

    private String currentOf(int slot) {
        return current.computeIfAbsent(slot, s -> Actors.worker(s) + "." + incarnations.merge(s, 1, Integer::sum));
    }

    private void lay() {
        for (int column = 0; column < history.size(); column++) {
            HistoryEntry e = history.get(column);
            expire(column, e.at());
            Step step = e.step() >= 1 && e.step() <= steps.size() ? steps.get(e.step() - 1) : null;
            Action action = step == null ? null : step.action();
            if (action instanceof Action.WorkerAction) {
                workerStep(column, e);
            } else if (action instanceof Action.WorkerFault nemesis) {
                nemesisStep(column, e, nemesis);
            } else if (action == null && Actors.isWorkerOrZombie(e.actor())) {
                workerStep(column, e);
            } else if (!(action instanceof Action.ClockAction) && !Actors.CLOCK.equals(e.actor())) {
                columnShades.add(new Shade(column, (double) column + 1, "fault", e.actor()));
            }
        }
    }

    private void expire(int column, long now) {
        for (Lane lane : lanes.values()) {
            for (Bar b : lane.bars) {
                if (b.end == null && now > b.until) {
                    b.end = (double) column;
                    b.ended = "expired";
                }
            }
        }
    }

    private void workerStep(int column, HistoryEntry e) {
        int slot = Actors.slot(e.actor());
        boolean zombie = Actors.isZombie(e.actor());
        String label = zombie ? zombies.get(slot) : currentOf(slot);
        String owner = ownerOf(e.command());
        if (owner != null) {
            label = owner;
            if (zombie) {
                zombies.put(slot, owner);
            } else {
                current.put(slot, owner);
                noteIncarnation(slot, owner);
            }
        }
        if (label == null) {
            return;
        }
        Lane lane = lane(label);
        if (e.command() == null) {
            lane.marks.add(new Mark(column, "noop", "#9aa1ad", "", "", e.resolved()));
            return;
        }
        operation(lane, column, e, "");
    }

    private void noteIncarnation(int slot, String label) {
        int dot = label.lastIndexOf('.');
        if (dot > 0) {
            try {
                int n = Integer.parseInt(label.substring(dot + 1));
                incarnations.merge(slot, n, Math::max);
            } catch (NumberFormatException ignored) {
                // an owner label of another form: the counter stays as it is
            }
        }
    }

    private static String ownerOf(Command command) {
        if (command instanceof Command.Acquire a) {
            return a.owner();
        }
        if (command instanceof Command.Renew r) {
            return r.owner();
        }
        if (command instanceof Command.Release r) {
            return r.owner();
        }
        return null;
    }

    private void operation(Lane lane, int column, HistoryEntry e, String prefix) {
        String title = prefix + e.resolved() + "\nexpected: " + Html.outcome(e.expected(), null)
                + "\nobserved: " + Html.outcome(e.observed(), e.error());
        Outcome seen = e.observed();
        if (e.error() != null) {
            lane.marks.add(new Mark(column, "cross", WRITE_COLOURS.get("error"), "", "error", title));
            return;
        }
        switch (e.command()) {
            case Command.Acquire a -> {
                if (seen instanceof Outcome.Granted g) {
                    Bar open = lane.open(a.key());
                    if (open != null && open.token == g.token()) {
                        open.until = Math.max(open.until, g.until());
                        lane.marks.add(new Mark(column, "diamond", "#3949ab", "", "regrant", title));
                    } else {
                        if (open != null) {
                            open.end = (double) column;
                            open.ended = "replaced";
                        }
                        lane.bars.add(new Bar(a.key(), g.token(), g.until(), column));
                        lane.marks.add(new Mark(column, "diamond", "#3949ab", "", "grant t" + g.token(), title));
                    }
                } else {
                    lane.marks.add(new Mark(column, "square", "#9aa1ad", "", "busy", title));
                }
            }
            case Command.Renew r -> {
                if (seen instanceof Outcome.Renewed rn) {
                    Bar open = lane.open(r.key());
                    if (open != null) {
                        open.until = rn.until();
                    }
                    lane.marks.add(new Mark(column, "tick", "#3949ab", "", "renew", title));
                } else {
                    lane.marks.add(new Mark(column, "cross", "#b0485a", "", "renew ✗", title));
                }
            }
            case Command.Release r -> {
                if (seen instanceof Outcome.Released) {
                    Bar open = lane.open(r.key());
                    if (open != null) {
                        open.end = (double) column;
                        open.ended = "released";
                    }
                    lane.marks.add(new Mark(column, "tick", "#3949ab", "", "release", title));
                } else {
                    lane.marks.add(new Mark(column, "cross", "#b0485a", "", "release ✗", title));
                }
            }
            case Command.Write w -> lane.marks.add(writeMark(column, w, seen, false, prefix, title));
            case Command.RolledBackWrite rb -> lane.marks.add(writeMark(column, rb.write(),
                    seen instanceof Outcome.RolledBack r ? r.seen() : seen, true, prefix, title));
            case Command.AdvanceClock c -> {
            }
            default -> lane.marks.add(new Mark(column, "noop", "#37474f", "", "", title));
        }
    }

    private static Mark writeMark(int column, Command.Write w, Outcome seen, boolean rolledBack, String prefix, String title) {
        String name = seen == null ? "error" : seen.getClass().getSimpleName();
        String colour = WRITE_COLOURS.getOrDefault(name, "#607d8b");
        String letter = name.equals("error") ? "!" : name.substring(0, 1);
        String label = (prefix.isEmpty() ? "" : "dup ") + "t" + w.token() + (rolledBack ? " rb" : "");
        return new Mark(column, rolledBack ? "ring" : "circle", colour, letter, label, title);
    }

    private void nemesisStep(int column, HistoryEntry e, Action.WorkerFault action) {
        int slot = Actors.slot(action.worker());
        Lane target = lane(currentOf(slot));
        boolean noOp = e.resolved() != null && e.resolved().startsWith("no-op");
        if (action instanceof Action.Pause) {
            if (!noOp) {
                target.shades.add(new Shade(column, null, "paused", "paused"));
            }
        } else if (action instanceof Action.Resume) {
            if (!noOp) {
                closeShade(target, "paused", column);
            }
        } else if (action instanceof Action.Restart restart) {
            closeShade(target, "paused", column);
            if (restart.zombie()) {
                target.shades.add(new Shade(column, null, "zombie", "zombie " + Actors.zombieOf(Actors.worker(slot))));
                target.note = "→ zombie " + Actors.zombieOf(Actors.worker(slot));
                zombies.put(slot, target.label);
            } else {
                target.endsAt = (double) column;
                target.note = "restarted";
                target.marks.add(new Mark(column, "crash", "#c62828", "", "crash", e.resolved()));
            }
            current.remove(slot);
            lane(currentOf(slot));
        } else if (action instanceof Action.Duplicate) {
            if (e.command() != null) {
                operation(target, column, e, "duplicate: ");
            }
        } else {
            columnShades.add(new Shade(column, (double) column + 1, "fault", e.resolved()));
        }
    }

    private static void closeShade(Lane lane, String kind, int column) {
        for (int i = 0; i < lane.shades.size(); i++) {
            Shade s = lane.shades.get(i);
            if (s.to() == null && s.kind().equals(kind)) {
                lane.shades.set(i, new Shade(s.from(), (double) column, s.kind(), s.label()));
            }
        }
    }

    // --- drawing -------------------------------------------------------------------------------------------

    private double x(double column) {
        return LEFT + column * COLUMN + COLUMN / 2.0;
    }

    private int laneTop(Lane lane) {
        return TOP + lane.index * LANE;
    }

    private String draw() {
        int columns = history.size();
        int width = LEFT + columns * COLUMN + RIGHT;
        int lanesHeight = Math.max(1, lanes.size()) * LANE;
        int height = TOP + lanesHeight + AXIS;
        double rightEdge = LEFT + columns * COLUMN;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT,
                "<svg class=\"timeline-svg\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " role=\"img\" aria-labelledby=\"timeline-title\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n",
                width, height, width, height));
        s.append("<title id=\"timeline-title\">Timeline of the failing try: one lane per worker incarnation, the virtual clock along the axis</title>\n");
        s.append("""
                <defs>
                  <pattern id="hatch-paused" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <rect width="6" height="6" fill="#fff8e1"/><line x1="0" y1="0" x2="0" y2="6" stroke="#f0c36d" stroke-width="2"/>
                  </pattern>
                  <pattern id="hatch-zombie" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
                    <rect width="6" height="6" fill="#f3e5f5"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ce93d8" stroke-width="2"/>
                  </pattern>
                </defs>
                """);
        // column grid and step numbers
        for (int c = 0; c < columns; c++) {
            double left = LEFT + c * COLUMN;
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                    left, TOP, COLUMN, lanesHeight, c % 2 == 0 ? "#fafbfc" : "#ffffff"));
        }
        // lanes
        for (Lane lane : lanes.values()) {
            int top = laneTop(lane);
            s.append(String.format(Locale.ROOT, "<g class=\"lane\" data-lane=\"%s\">\n", Html.esc(lane.label)));
            s.append(String.format(Locale.ROOT, "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e3e7ee\"/>\n", top + LANE, width, top + LANE));
            s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"600\" font-size=\"13\">%s</text>\n", top + 26, Html.esc(lane.label)));
            if (!lane.note.isEmpty()) {
                s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" fill=\"#5b6474\" font-size=\"10\">%s</text>\n", top + 41, Html.esc(lane.note)));
            }
            for (Shade shade : lane.shades) {
                double from = x(shade.from());
                double to = shade.to() == null ? rightEdge : x(shade.to());
                s.append(String.format(Locale.ROOT,
                        "<rect class=\"shade %s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"url(#hatch-%s)\" opacity=\"0.9\"><title>%s</title></rect>\n",
                        Html.esc(shade.kind()), from, top + 3, Math.max(2, to - from), LANE - 6, Html.esc(shade.kind()), Html.esc(shade.label())));
                s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#8d6e00\" font-size=\"10\">%s</text>\n",
                        from + 4, top + 13, Html.esc(shade.label())));
            }
            if (lane.endsAt != null) {
                double from = x(lane.endsAt);
                s.append(String.format(Locale.ROOT, "<rect class=\"dead\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#eceff1\" opacity=\"0.8\"/>\n",
                        from, top + 3, Math.max(0, rightEdge - from), LANE - 6));
            }
            for (Bar bar : lane.bars) {
                double from = x(bar.start);
                double to = bar.end == null ? rightEdge : x(bar.end);
                String title = bar.key + " token " + bar.token + ", valid until " + Html.time(bar.until)
                        + (bar.end == null ? ", still valid at the end" : ", then " + bar.ended);
                s.append(String.format(Locale.ROOT,
                        "<g class=\"lease\"><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"16\" rx=\"3\" fill=\"#5c7cfa\" opacity=\"%s\"/>"
                                + "<text x=\"%.1f\" y=\"%d\" fill=\"#fff\" font-size=\"10.5\" font-weight=\"600\">%s</text></g>\n",
                        Html.esc(title), from, top + 21, Math.max(4, to - from), bar.end == null ? "0.85" : "0.7",
                        from + 12, top + 33, Html.esc(bar.key + " · t" + bar.token)));
            }
            for (Mark m : lane.marks) {
                s.append(mark(m, top));
            }
            s.append("</g>\n");
        }
        // faults that concern no single lane, violations and the divergent step
        for (Shade shade : columnShades) {
            double from = LEFT + shade.from() * COLUMN;
            s.append(String.format(Locale.ROOT,
                    "<rect class=\"fault\" x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ffe0b2\" opacity=\"0.45\"><title>%s</title></rect>\n",
                    from, TOP, COLUMN, lanesHeight, Html.esc(shade.label())));
        }
        for (int c = 0; c < columns; c++) {
            int step = history.get(c).step();
            double left = LEFT + c * COLUMN;
            if (divergentStep != null && step == divergentStep) {
                s.append(String.format(Locale.ROOT,
                        "<g class=\"divergent\" data-step=\"%d\"><rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e53935\" fill-opacity=\"0.13\" stroke=\"#c62828\" stroke-width=\"2\"/>"
                                + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#c62828\" font-weight=\"700\">diverged</text></g>\n",
                        step, left + 1, TOP - 4, COLUMN - 2, lanesHeight + 4, left + COLUMN / 2.0, TOP - 10));
            } else if (violationSteps.contains(step)) {
                s.append(String.format(Locale.ROOT,
                        "<g class=\"violation\" data-step=\"%d\"><rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ef6c00\" fill-opacity=\"0.10\" stroke=\"#ef6c00\" stroke-dasharray=\"4 3\" stroke-width=\"2\"/>"
                                + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#ef6c00\" font-weight=\"700\">invariant</text></g>\n",
                        step, left + 1, TOP - 4, COLUMN - 2, lanesHeight + 4, left + COLUMN / 2.0, TOP - 10));
            }
        }
        s.append(axis(columns, TOP + lanesHeight));
        s.append("</svg>\n");
        return s.toString();
    }

    private String mark(Mark m, int top) {
        double cx = x(m.column());
        int cy = top + 29;
        String title = "<title>" + Html.esc(m.title()) + "</title>";
        String shape = switch (m.shape()) {
            case "circle" -> String.format(Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%d\" r=\"9\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"1.5\"/>"
                            + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#fff\" font-size=\"10\" font-weight=\"700\">%s</text>",
                    cx, cy, m.colour(), cx, cy + 4, Html.esc(m.letter()));
            case "ring" -> String.format(Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%d\" r=\"8\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"3 2\"/>"
                            + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\" font-size=\"10\" font-weight=\"700\">%s</text>",
                    cx, cy, m.colour(), cx, cy + 4, m.colour(), Html.esc(m.letter()));
            case "diamond" -> String.format(Locale.ROOT,
                    "<path d=\"M %.1f %d l 7 7 l -7 7 l -7 -7 z\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"1.5\"/>",
                    cx, cy - 7, m.colour());
            case "square" -> String.format(Locale.ROOT,
                    "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\"/>",
                    cx - 6, cy - 6, m.colour());
            case "tick" -> String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>",
                    cx, cy - 11, cx, cy + 11, m.colour());
            case "cross", "crash" -> String.format(Locale.ROOT,
                    "<path d=\"M %.1f %d l 12 12 M %.1f %d l -12 12\" stroke=\"%s\" stroke-width=\"3\"/>",
                    cx - 6, cy - 6, cx + 6, cy - 6, m.colour());
            default -> String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"%s\"/>", cx, cy, m.colour());
        };
        String label = m.label().isEmpty() ? "" : String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#37474f\" font-size=\"10\">%s</text>",
                cx, top + 52, Html.esc(m.label()));
        return "<g class=\"mark " + Html.esc(m.shape()) + "\">" + title + shape + label + "</g>\n";
    }

    private String axis(int columns, int y) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<g class=\"axis\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#5b6474\"/>\n",
                LEFT, y, LEFT + columns * COLUMN, y));
        s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" fill=\"#5b6474\">step</text>\n", y + 16));
        s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" fill=\"#5b6474\">clock</text>\n", y + 34));
        Long previous = null;
        for (int c = 0; c < columns; c++) {
            HistoryEntry e = history.get(c);
            double cx = x(c);
            boolean clockMoved = e.command() instanceof Command.AdvanceClock;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#5b6474\"/>\n",
                    cx, y, cx, y + (clockMoved ? 8 : 4)));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\"%s>#%d</text>\n",
                    cx, y + 18, clockMoved ? "#1a5fd0" : "#37474f", clockMoved ? " font-weight=\"700\"" : "", e.step()));
            if (previous == null || previous != e.at()) {
                s.append(String.format(Locale.ROOT, "<text class=\"clock\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\" font-family=\"ui-monospace, monospace\" font-size=\"10\">%s</text>\n",
                        cx, y + 34, clockMoved ? "#1a5fd0" : "#5b6474", Html.esc(Html.time(e.at()))));
            }
            previous = e.at();
        }
        s.append("</g>\n");
        return s.toString();
    }
}
