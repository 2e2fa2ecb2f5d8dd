package fencecheck.report;

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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Renders a report of real failing runs (a lease variant, a network-fault
 * variant and a job-transaction variant, each caught on the embedded
 * PostgreSQL) plus a passing run and a missed variant, opens it in headless
 * Chromium at 1,280 and 800 px, and checks what a reader sees first: the
 * verdict at the top of the index, a timeline above the trace table on every
 * failure page, replay commands relative to the repository root, no console
 * error and no sideways scrolling of the page. Screenshots go to
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

    /** The widths the report must read at without scrolling the page sideways: a laptop and a narrow window. */
    static final List<Integer> WIDTHS = List.of(1280, 800);

    @Test
    void theIndexAndTheFailurePagesReadInChromiumAtBothWidths() throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM), "no Chromium at " + CHROMIUM
                + ": install the Debian packages chromium and chromium-driver (as .ci/run does) to run the browser test");
        assumeTrue(Files.isExecutable(CHROMEDRIVER), "no chromedriver at " + CHROMEDRIVER
                + ": install the Debian package chromium-driver (as .ci/run does) to run the browser test");

        List<RunResult> failures = List.of(RealFailures.lease(), RealFailures.fault(), RealFailures.job());
        List<RunResult> runs = new ArrayList<>(failures);
        runs.add(SampleResults.passing());
        runs.add(BuildVerdictTest.passedVariant());
        Path report = target().resolve("browser-report");
        Path index = ReportRenderer.render(runs, report);
        Path shots = target().resolve("screenshots");

        Path profile = Files.createTempDirectory("fencecheck-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options(profile));
        try {
            for (int width : WIDTHS) {
                driver.manage().window().setSize(new Dimension(width, 900));
                driver.get(index.toUri().toString());
                assertThat(driver.getTitle()).isEqualTo("fencecheck report");
                WebElement verdict = driver.findElement(By.id("verdict"));
                assertThat(verdict.getText()).as("the verdict counts the missed variant and the caught ones")
                        .contains("missed").contains("caught");
                assertThat(verdict.getLocation().getY()).as("the verdict is on the first screen").isLessThan(400);
                assertNoHorizontalOverflow(driver, "index at " + width + " px");
                assertThat(severe(driver)).as("console errors on the index").isEmpty();
                System.out.println("fencecheck browser test: " + screenshot(driver, shots.resolve("index-" + width + ".png"), width));

                List<WebElement> links = driver.findElements(By.cssSelector("a.failure-link"));
                List<String> pages = links.stream().map(a -> a.getAttribute("href")).distinct().toList();
                assertThat(pages).as("one page per failure").hasSize(failures.size());
                for (RunResult failure : failures) {
                    String page = pages.stream().filter(href -> href.contains(failure.implementation())).findFirst()
                            .orElseThrow(() -> new AssertionError("no page for " + failure.implementation() + " in " + pages));
                    driver.get(page);
                    assertThat(driver.findElement(By.cssSelector("p.verdict")).getText()).isEqualTo(failure.failure().verdict().lines().findFirst().orElseThrow());
                    List<WebElement> shown = driver.findElements(By.cssSelector("svg.timeline-svg")).stream().filter(WebElement::isDisplayed).toList();
                    assertThat(shown).as("one drawing of the timeline is shown at %s px", width).hasSize(1);
                    WebElement svg = shown.get(0);
                    assertThat(svg.findElements(By.cssSelector("g.lane"))).isNotEmpty();
                    assertTimelineInView(driver, failure.implementation() + " at " + width + " px");
                    WebElement trace = driver.findElement(By.cssSelector("table.trace"));
                    assertThat(svg.getLocation().getY()).as("the timeline comes before the trace table").isLessThan(trace.getLocation().getY());
                    assertStaleAcceptanceRed(svg, failure.implementation());
                    WebElement state = driver.findElement(By.id("model-state"));
                    assertThat(state.isDisplayed()).as("the model's state at the failing step is shown").isTrue();
                    assertThat(state.getText()).contains("holder").contains("fence").contains("database");
                    assertThat(state.getLocation().getY()).as("the model's state comes before the trace table").isLessThan(trace.getLocation().getY());
                    if (failure.implementation().equals("check-then-write")) {
                        // after the takeover the model holds w2's lease with token 2, and so does the database
                        assertThat(state.findElement(By.cssSelector("table.model-state[data-key='K1']")).getText())
                                .contains("w2 · token 2").contains("token 1");
                    }
                    assertThat(driver.findElement(By.cssSelector("pre.replay")).getText()).contains("replay reports/target/browser-report/failures/")
                            .doesNotContain(target().toString());
                    assertNoHorizontalOverflow(driver, failure.implementation() + " page at " + width + " px");
                    assertThat(severe(driver)).as("console errors on the page of %s", failure.implementation()).isEmpty();
                    System.out.println("fencecheck browser test: " + screenshot(driver,
                            shots.resolve(failure.implementation() + "-" + width + ".png"), width));
                }
            }
            driver.executeScript("console.error('fencecheck probe')");
            assertThat(severe(driver)).as("the console is really read").anyMatch(line -> line.contains("fencecheck probe"));
        } finally {
            driver.quit();
            service.stop();
            deleteTree(profile);
        }
    }

    /**
     * The timeline's own box: it takes the width the page gives it, the drawing fills it (at most a little less, when a
     * short try would otherwise be drawn larger than needed), nothing of it is scrolled out of view, and every step,
     * mark and band (the failing step's box, the commit, the last step) lies inside the box and inside the window.
     */
    private static void assertTimelineInView(ChromeDriver driver, String what) {
        WebElement box = driver.findElement(By.cssSelector("div.timeline"));
        Number scroll = (Number) driver.executeScript("return arguments[0].scrollWidth - arguments[0].clientWidth", box);
        assertThat(scroll.intValue()).as("the timeline of %s scrolls inside its box", what).isLessThanOrEqualTo(0);
        Object outside = driver.executeScript("""
                const box = arguments[0].getBoundingClientRect();
                const svg = [...arguments[0].querySelectorAll('svg.timeline-svg')].find(s => s.getBoundingClientRect().width > 0);
                const drawn = svg.getBoundingClientRect();
                if (drawn.width < 0.8 * box.width && drawn.width < parseFloat(svg.style.maxWidth) - 1) {
                  return 'the drawing is ' + drawn.width + ' px wide in a box of ' + box.width;
                }
                if (box.right > window.innerWidth) { return 'the box ends at ' + box.right + ' of ' + window.innerWidth; }
                const parts = svg.querySelectorAll('g.mark, g.band, g.divergent, text.step, text.band-label, g.lease');
                if (parts.length === 0) { return 'nothing drawn'; }
                for (const part of parts) {
                  const r = part.getBoundingClientRect();
                  if (r.right > box.right + 0.5 || r.left < box.left - 0.5) {
                    return part.outerHTML.slice(0, 140) + ' reaches ' + r.left + '..' + r.right + ' outside ' + box.left + '..' + box.right;
                  }
                }
                return null;""", box);
        assertThat(outside).as("the timeline of %s shows everything", what).isNull();
    }

    /** A write or commit that the database accepted and that breaks an invariant (or that the model refuses) is red. */
    private static void assertStaleAcceptanceRed(WebElement svg, String implementation) {
        String selector = switch (implementation) {
            case "check-then-write" -> "g.mark.commit.accepted-stale";
            case "sink-ignores-token" -> "g.mark.write.accepted-stale";
            default -> null;
        };
        if (selector == null) {
            assertThat(svg.findElements(By.cssSelector("g.accepted-stale"))).as("no stale acceptance in %s's try", implementation).isEmpty();
            return;
        }
        List<WebElement> marks = svg.findElements(By.cssSelector(selector));
        assertThat(marks).as("the stale acceptance of %s is drawn", implementation).isNotEmpty();
        WebElement circle = marks.get(0).findElement(By.cssSelector("circle"));
        assertThat(circle.getCssValue("fill")).as("the stale acceptance of %s is red", implementation).isEqualTo("rgb(211, 47, 47)");
    }

    /** The page does not scroll sideways; a drawing may scroll inside its own box. */
    private static void assertNoHorizontalOverflow(ChromeDriver driver, String what) {
        Number scrollWidth = (Number) driver.executeScript("return document.documentElement.scrollWidth");
        Number innerWidth = (Number) driver.executeScript("return window.innerWidth");
        assertThat(scrollWidth.intValue()).as("horizontal overflow of the %s", what).isLessThanOrEqualTo(innerWidth.intValue());
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

    /** A screenshot of the whole page at {@code width}; the window keeps that width and goes back to 900 px high. */
    private static Path screenshot(ChromeDriver driver, Path file, int width) throws IOException {
        Object height = ((JavascriptExecutor) driver).executeScript("return document.documentElement.scrollHeight");
        int full = Math.min(6000, Math.max(800, ((Number) height).intValue()));
        driver.manage().window().setSize(new Dimension(width, full));
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(width, 900));
        return file;
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
