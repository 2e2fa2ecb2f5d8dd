package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.model.Describe;
import fencecheck.model.Micros;
import org.apache.commons.text.StringEscapeUtils;

import java.util.Locale;

/** Escaping and small formatting helpers shared by the pages and the timeline. */
final class Html {

    private Html() {
    }

    /**
     * Text made safe for HTML and inline SVG, in element content and in
     * double- or single-quoted attributes. Every string that comes from a
     * trace, a result file or the database goes through here.
     */
    static String esc(String text) {
        if (text == null) {
            return "";
        }
        return StringEscapeUtils.escapeHtml4(text).replace("'", "&#39;");
    }

    static String esc(Object value) {
        return esc(value == null ? null : String.valueOf(value));
    }

    static String outcome(Outcome outcome, String error) {
        if (error != null) {
            return "ERROR " + error;
        }
        return outcome == null ? "-" : Describe.outcome(outcome);
    }

    static String time(long micros) {
        return Micros.format(micros);
    }

    static String duration(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return String.format(Locale.ROOT, "%d min %02d s", millis / 60_000, (millis / 1000) % 60);
    }

    /**
     * A duration on the virtual clock in µs, always in seconds: two decimals, more only where the clock's
     * microseconds matter (10.000001 s is a lease boundary plus 1 µs, not 10 s).
     */
    static String seconds(double micros) {
        String exact = String.format(Locale.ROOT, "%.6f", micros / 1e6).replaceAll("0+$", "");
        int decimals = exact.length() - exact.indexOf('.') - 1;
        return (decimals <= 2 ? String.format(Locale.ROOT, "%.2f", micros / 1e6) : exact) + " s";
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%.1f%%", value);
    }

    /** The CSS of every page: inline, so a page needs no other file and no network. */
    static final String STYLE = """
            :root { --fg:#1d2330; --muted:#5b6474; --line:#d9dee7; --bg:#f6f7f9; --card:#fff;
                    --fail:#c62828; --fail-bg:#fdecea; --pass:#2e7d32; --pass-bg:#e8f5e9; --warn:#ef6c00; --warn-bg:#fff3e0; }
            * { box-sizing: border-box; }
            body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
            header { background: #1d2330; color: #fff; padding: 14px 28px; }
            header h1 { margin: 0; font-size: 20px; font-weight: 600; }
            header p { margin: 4px 0 0; color: #c5cbd6; font-size: 13px; }
            header a { color: #9cc3ff; }
            main { padding: 18px 28px 40px; max-width: 1500px; }
            section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; margin: 0 0 18px; }
            h2 { font-size: 16px; margin: 0 0 10px; }
            h3 { font-size: 14px; margin: 14px 0 6px; }
            table { border-collapse: collapse; width: 100%; }
            th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
            th { font-size: 12px; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); font-weight: 600; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
            pre { background: #0f1420; color: #e6e9ef; padding: 10px 12px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
            .muted { color: var(--muted); }
            .small { font-size: 12px; }
            .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; }
            .badge.passed { background: var(--pass-bg); color: var(--pass); }
            .badge.failed, .badge.aborted { background: var(--fail-bg); color: var(--fail); }
            .badge.caught { background: #ede7f6; color: #5e35b1; }
            .badge.variant { background: #ede7f6; color: #5e35b1; font-weight: 500; }
            .verdict { border-left: 4px solid var(--fail); background: var(--fail-bg); padding: 10px 14px; border-radius: 4px; font-size: 15px; }
            tr.divergent td { background: var(--fail-bg); }
            tr.violation td { background: var(--warn-bg); }
            tr.notrun td { color: #9aa1ad; }
            td.differs { background: #f8c9c4 !important; font-weight: 600; }
            .marker { color: var(--fail); font-weight: 700; }
            .timeline { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
            .legend { display: flex; flex-wrap: wrap; gap: 14px; margin: 8px 0 0; font-size: 12px; color: var(--muted); }
            .legend i { display: inline-block; width: 11px; height: 11px; border-radius: 50%; margin-right: 4px; vertical-align: -1px; }
            .legend i.sq { border-radius: 2px; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0; }
            dl.facts dt { color: var(--muted); }
            dl.facts dd { margin: 0; }
            details > summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
            a { color: #1a5fd0; }
            @media (max-width: 900px) {
              header { padding: 12px 14px; }
              main { padding: 12px 12px 30px; }
              section { padding: 12px 12px; }
            }
            """;
}
