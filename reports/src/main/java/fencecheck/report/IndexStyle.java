package fencecheck.report;

/**
 * The index's own CSS, after the shared style: the verdict, the runs table, the coverage tables and the
 * charts. Sized so that nothing makes the page scroll sideways at 800 px: long words break, wide tables
 * scroll inside their own box, charts scale to their box.
 */
final class IndexStyle {

    private IndexStyle() {
    }

    static final String CSS = """
            header .top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 18px; }
            nav.index-nav { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 13px; }
            nav.index-nav a { color: #9cc3ff; text-decoration: none; }
            nav.index-nav a:hover { text-decoration: underline; }
            .index-verdict.ok { border-left: 5px solid var(--pass); }
            .index-verdict.bad { border-left: 5px solid var(--fail); }
            .index-verdict .headline { font-size: 16px; font-weight: 600; margin: 0 0 10px; overflow-wrap: anywhere; }
            .index-verdict.ok .headline { color: var(--pass); }
            .index-verdict.bad .headline { color: var(--fail); }
            .index-verdict .headline a { color: inherit; }
            .index-verdict .counts { list-style: none; margin: 0; padding: 0; display: grid;
                                     grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 8px; }
            .index-verdict .counts li { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
            .index-verdict .counts li strong { font-size: 20px; margin-right: 4px; }
            .index-verdict .counts li.unexpected:not(.zero), .index-verdict .counts li.missed:not(.zero) {
                    background: var(--fail-bg); border-color: #f1b5ae; color: var(--fail); }
            .index-verdict .counts li.passed:not(.zero) strong { color: var(--pass); }
            .index-verdict .counts li.caught:not(.zero) strong { color: #5e35b1; }
            .index-verdict .counts li.zero { color: var(--muted); }
            .badge.missed, .badge.unexpected { background: var(--fail); color: #fff; }
            table.runs td { overflow-wrap: anywhere; }
            table.runs td.seed { word-break: break-all; max-width: 15em; }
            table.runs td.num .shrunk { white-space: normal; min-width: 9em; max-width: 13em; margin-left: auto; }
            table.runs tr.group th { background: var(--bg); color: var(--fg); text-transform: none; letter-spacing: 0; font-size: 13px; }
            table.runs tbody.unexpected tr.group th, table.runs tbody.missed tr.group th { background: var(--fail-bg); color: var(--fail); }
            table.runs tr.run.unexpected td:first-child, table.runs tr.run.missed td:first-child { box-shadow: inset 4px 0 0 var(--fail); }
            table.runs tr.detail.unexpected td, table.runs tr.detail.missed td { box-shadow: inset 4px 0 0 var(--fail); }
            table.runs tr.with-detail td { border-bottom: none; }
            table.runs tr.detail td { padding-top: 0; }
            table.runs tr.detail ol.findings { margin: 0; padding-left: 1.4em; }
            table.runs tr.detail.caught a { color: #4a5a78; }
            .scroll-x { overflow-x: auto; width: fit-content; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; }
            table.coverage { width: auto; }
            table.coverage th.num { vertical-align: top; }
            table.coverage th.situation { text-transform: none; letter-spacing: 0; min-width: 96px; width: 96px; font-weight: 500;
                                          color: var(--fg); font-size: 12px; line-height: 1.25; }
            table.coverage .floor { color: var(--muted); font-weight: 400; font-size: 11px; margin-top: 2px; }
            table.coverage .run { position: sticky; left: 0; background: var(--card); z-index: 1; min-width: 180px; max-width: 240px;
                                  overflow-wrap: anywhere; box-shadow: inset -1px 0 0 var(--line); }
            table.coverage tr.not-judged td:not(.run) { color: #9aa1ad; }
            table.coverage tr.not-judged .bar > span { background: #c3cad6; }
            td.below { color: var(--fail); font-weight: 600; background: var(--fail-bg); }
            .bar { background: #e3e7ee; border-radius: 3px; height: 8px; min-width: 60px; position: relative; margin-top: 2px; }
            .bar > span { position: absolute; left: 0; top: 0; bottom: 0; background: #5c7cfa; border-radius: 3px; }
            .bar.below > span { background: var(--fail); }
            .bar .floor-mark { position: absolute; top: -2px; bottom: -2px; width: 2px; background: #1d2330; opacity: .55; }
            details.monitor { border: 1px solid var(--line); border-radius: 6px; padding: 4px 12px; margin: 0 0 10px; }
            details.monitor > summary { font-weight: 500; overflow-wrap: anywhere; }
            details.monitor .counters { display: block; color: var(--muted); margin-left: 2px; font-weight: 400; }
            details.variants > summary { margin: 6px 0; }
            .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 10px 18px; padding: 6px 0 8px; }
            figure.chart { margin: 0; min-width: 0; }
            figure.chart figcaption { font-size: 12px; font-weight: 600; margin: 0 0 2px; }
            svg.chart-svg { width: 100%; height: auto; display: block; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
            svg.chart-svg text { font-size: 10.5px; fill: #3d4554; }
            svg.chart-svg text.tick { font-size: 10px; fill: var(--muted); font-variant-numeric: tabular-nums; }
            svg.chart-svg text.axis-title, svg.chart-svg text.note { font-size: 9.5px; fill: var(--muted); }
            svg.chart-svg text.fault-count { font-size: 9.5px; fill: #b35300; font-weight: 600; }
            svg.chart-svg text.value { font-size: 10px; font-variant-numeric: tabular-nums; }
            svg.chart-svg line.axis { stroke: #8a93a3; stroke-width: 1; }
            svg.chart-svg line.grid { stroke: #e3e7ee; stroke-width: 1; }
            figure.chart .legend { margin-top: 2px; gap: 4px 12px; }
            .legend i.line { width: 16px; height: 0; border-radius: 0; border-top: 2px solid; vertical-align: 3px; }
            .legend i.line.dashed { border-top-style: dashed; }
            @media (max-width: 900px) {
              table.runs th, table.runs td { padding: 4px 5px; }
            }
            """;
}
