package fencecheck.report;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line: {@code render [--out FOLDER] RESULTS_FOLDER...} reads the
 * result files of one or more folders (for example one per CI runner of a
 * campaign split by seed), merges them into one HTML report and prints the
 * path of its {@code index.html}. Exit code 0 when the report was written;
 * 2 for bad input, explained in one line. With {@code --verdict} it prints the verdict first and exits 1 when the
 * verdict fails (the merge step of a run split over CI jobs).
 *
 * A folder may be a run's folder or a folder of runs, whose latest run is read ({@link RunFolders}). The results of the
 * n shards of a run split with {@code -Dfencecheck.shard=i/n} are merged into one verdict ({@link ShardMerge}); the
 * exhaustive verdict of each merged run is printed before the report's path.
 *
 * <pre>mvn -q -pl reports -am compile exec:java -Dexec.args="render properties/target/fencecheck/runs"</pre>
 */
public final class ReportCli {

    static final String USAGE = "usage: render [--out FOLDER] [--verdict] RESULTS_FOLDER... (default --out " + defaultOut()
            + "; a folder of results, a run's folder, or a folder of runs for its latest run; --verdict: print the verdict"
            + " and exit 1 when it fails)";

    private ReportCli() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || !args.get(0).equals("render")) {
            err.println("fencecheck report: " + USAGE);
            return 2;
        }
        Path target = Path.of(defaultOut());
        List<Path> sources = new ArrayList<>();
        boolean verdict = false;
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--out")) {
                if (i + 1 >= args.size()) {
                    err.println("fencecheck report: --out needs a folder; " + USAGE);
                    return 2;
                }
                target = Path.of(args.get(++i));
            } else if (arg.equals("--verdict")) {
                verdict = true;
            } else if (arg.startsWith("--")) {
                err.println("fencecheck report: unknown option " + arg + "; " + USAGE);
                return 2;
            } else {
                sources.add(Path.of(arg));
            }
        }
        if (sources.isEmpty()) {
            err.println("fencecheck report: no results folder given; " + USAGE);
            return 2;
        }
        try {
            List<RunResult> results = ShardMerge.merge(ResultFiles.readAll(sources));
            Path index = ReportRenderer.render(results, target.toAbsolutePath());
            for (RunResult r : results) {
                if (r.status() == RunResult.Status.ABORTED && r.failure() != null && r.failure().verdict().contains(ShardMerge.MISSING)) {
                    out.println(r.implementation() + " " + r.property() + ": " + r.failure().verdict());
                } else if (r.exhaustive() != null && r.exhaustive().shards() > 1) {
                    out.println(r.implementation() + " " + r.property() + ": " + r.exhaustive().verdict());
                }
            }
            if (verdict) {
                BuildVerdict built = BuildVerdict.of(results);
                out.println("fencecheck verdict: " + built.sentence());
                out.println(index);
                return built.passedBuild() ? 0 : 1;
            }
            out.println(index);
            return 0;
        } catch (ResultFiles.BadResultFile e) {
            err.println("fencecheck report: " + e.getMessage());
            return 2;
        } catch (UncheckedIOException e) {
            err.println("fencecheck report: " + e.getMessage());
            return 2;
        }
    }

    private static String defaultOut() {
        return "target/fencecheck/report";
    }
}
