package fencecheck.report;

import fencecheck.db.Databases;
import fencecheck.model.SinkKind;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the report of a real failing run (the known-buggy variant whose
 * sinks ignore the token, caught by article A's acceptance case on the
 * embedded PostgreSQL) in headless Chromium, checks the failure page and its
 * timeline render without a console error, and saves a screenshot under
 * {@code target/screenshots/}. Skipped where Chromium or chromedriver is not
 * installed; Selenium Manager is never asked to download anything.
 */
class BrowserReportTest {

    static final Path CHROMIUM = Path.of(System.getProperty("fencecheck.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("fencecheck.chromedriver", "/usr/bin/chromedriver"));
    static final String VARIANT = "sink-ignores-token";
    static final String PROPERTY = "ArticleScenarios.pausedHolderWritesAfterTakeover";

    static Path target() {
        return Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath();
    }

    @Test
    void theFailurePageOfAFailingVariantRendersInChromium() throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM), "no Chromium at " + CHROMIUM
                + ": install the Debian packages chromium and chromium-driver (as .ci/run does) to run the browser test");
        assumeTrue(Files.isExecutable(CHROMEDRIVER), "no chromedriver at " + CHROMEDRIVER
                + ": install the Debian package chromium-driver (as .ci/run does) to run the browser test");

        RunResult real = failingVariantRun();
        Path report = target().resolve("browser-report");
        Path index = ReportRenderer.render(List.of(real, SampleResults.passing(), SampleResults.failing()), report);

        Path profile = Files.createTempDirectory("fencecheck-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options(profile));
        try {
            driver.get(index.toUri().toString());
            assertThat(driver.getTitle()).isEqualTo("fencecheck report");
            List<WebElement> rows = driver.findElements(By.cssSelector("table.runs tbody tr:not(.detail)"));
            assertThat(rows).hasSize(3);
            assertThat(rows.get(0).getAttribute("class")).isEqualTo("failed");
            assertThat(severe(driver)).as("console errors on the index").isEmpty();

            assertThat(driver.findElements(By.cssSelector("a.failure-link"))).hasSize(2);
            driver.findElement(By.cssSelector("a.failure-link[href*='pausedHolderWritesAfterTakeover']")).click();

            assertThat(driver.getTitle()).startsWith("FAILED " + PROPERTY);
            assertThat(driver.findElement(By.cssSelector("p.verdict")).getText())
                    .startsWith("divergence at step 7")
                    .contains("the model expected Stale but the database answered Applied");
            WebElement svg = driver.findElement(By.cssSelector("svg.timeline-svg"));
            assertThat(svg.isDisplayed()).isTrue();
            assertThat(svg.getRect().getWidth()).isGreaterThan(400);
            assertThat(svg.findElements(By.cssSelector("g.lane"))).hasSizeGreaterThanOrEqualTo(2);
            assertThat(svg.findElements(By.cssSelector("g.lease"))).hasSizeGreaterThanOrEqualTo(2);
            assertThat(svg.findElements(By.cssSelector("g.divergent"))).hasSize(1);
            assertThat(svg.findElements(By.cssSelector("rect.shade"))).isNotEmpty();
            WebElement divergentRow = driver.findElement(By.cssSelector("table.trace tr.divergent"));
            assertThat(divergentRow.getText()).contains(SampleResults.NASTY).contains("Stale").contains("Applied");
            assertThat(driver.findElements(By.cssSelector("main b"))).as("a payload became markup").isEmpty();
            assertThat(driver.findElement(By.cssSelector("table.rows")).getText()).contains(SampleResults.NASTY);
            assertThat(driver.findElement(By.cssSelector("pre.replay")).getText()).contains("replay ").contains(".trace.json");
            assertThat(severe(driver)).as("console errors on the failure page").isEmpty();

            Path shot = screenshot(driver, target().resolve("screenshots").resolve("failure-page.png"));
            System.out.println("fencecheck browser test: screenshot of the failure page at " + shot);

            driver.executeScript("console.error('fencecheck probe')");
            assertThat(severe(driver)).as("the console is really read").anyMatch(line -> line.contains("fencecheck probe"));
        } finally {
            driver.quit();
            service.stop();
            deleteTree(profile);
        }
    }

    /** Article A's acceptance case against the variant, on the real database: the late write of the old holder is accepted. */
    static RunResult failingVariantRun() {
        Trace trace = Trace.of(VARIANT, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Pause("w1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", SampleResults.QUOTED)),
                Step.nemesis(new Action.Resume("w1")),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", SampleResults.NASTY)),
                Step.worker(2, new Action.Renew())));
        long started = System.currentTimeMillis();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(VARIANT))) {
            TryResult result = runner.run(trace);
            assertThat(result.verdict().passed()).as("the variant is caught: %s", result.verdict().sentence()).isFalse();
            Path saved = target().resolve("fencecheck").resolve("traces").resolve("browser-" + VARIANT + ".json");
            TraceFiles.write(result.trace(), saved);
            RunResult.Reproduction reproduce = new RunResult.Reproduction("0", saved.toString(),
                    "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + saved + "\"", null);
            return new RunResult(RunResult.SCHEMA_VERSION, PROPERTY, VARIANT, runner.protocol().description(), true,
                    RunResult.DatabaseInfo.of(runner.database()), RunResult.Status.FAILED, 1, 1, "0",
                    Instant.ofEpochMilli(started).toString(), System.currentTimeMillis() - started, 0, trace.steps().size(),
                    null, runner.metrics().snapshot(), RunResult.Failure.of(result, reproduce));
        }
    }

    private static ChromeOptions options(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        return options;
    }

    /** The console lines at error level since the last call. */
    private static List<String> severe(ChromeDriver driver) {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::toString)
                .toList();
    }

    private static Path screenshot(ChromeDriver driver, Path file) throws IOException {
        Object height = ((JavascriptExecutor) driver).executeScript("return document.documentElement.scrollHeight");
        int full = Math.min(6000, Math.max(800, ((Number) height).intValue()));
        driver.manage().window().setSize(new Dimension(1400, full));
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
