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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The failure pages of the hand-made lease and job failures in headless
 * Chromium at 1280 and 800 px: the page never scrolls sideways (only the
 * timeline's own box may), the timeline comes before the trace table, and
 * no two labels of the drawing overlap as the browser lays them out.
 * Screenshots go to {@code target/screenshots/}. Skipped without Chromium.
 */
class FailurePageLayoutTest {

    @Test
    void failurePagesReadAtBothWidths() throws IOException {
        assumeTrue(Files.isExecutable(BrowserReportTest.CHROMIUM), "no Chromium at " + BrowserReportTest.CHROMIUM);
        assumeTrue(Files.isExecutable(BrowserReportTest.CHROMEDRIVER), "no chromedriver at " + BrowserReportTest.CHROMEDRIVER);
        Path target = Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath();
        Path report = target.resolve("failure-page-layout");
        ReportRenderer.render(List.of(SampleResults.failing(), SampleResults.faultFailing(), SampleResults.jobTakeoverFailing(),
                SampleResults.jobDuplicateEffectFailing()), report);
        List<Path> pages = FailurePageTest.failurePages(report);
        assertThat(pages).hasSize(4);

        Path profile = Files.createTempDirectory("fencecheck-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(BrowserReportTest.CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BrowserReportTest.CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile);
        ChromeDriver driver = new ChromeDriver(service, options);
        try {
            for (int width : List.of(1280, 800)) {
                driver.manage().window().setSize(new Dimension(width, 1000));
                for (Path page : pages) {
                    driver.get(page.toUri().toString());
                    String what = page.getFileName() + " at " + width + " px";
                    Number scrollWidth = (Number) driver.executeScript("return document.documentElement.scrollWidth");
                    Number innerWidth = (Number) driver.executeScript("return window.innerWidth");
                    assertThat(scrollWidth.intValue()).as("horizontal overflow of %s", what).isLessThanOrEqualTo(innerWidth.intValue());
                    WebElement svg = driver.findElement(By.cssSelector("svg.timeline-svg"));
                    assertThat(svg.getLocation().getY()).as("timeline above the trace of %s", what)
                            .isLessThan(driver.findElement(By.cssSelector("table.trace")).getLocation().getY());
                    assertThat(overlappingLabels(driver)).as("overlapping labels in %s", what).isEmpty();
                    screenshot(driver, target.resolve("screenshots").resolve(page.getFileName().toString().replace(".html", "") + "-" + width + ".png"), width);
                }
            }
        } finally {
            driver.quit();
            service.stop();
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Pairs of texts of the timeline whose boxes, as laid out by the browser, intersect; or texts that leave the drawing. */
    @SuppressWarnings("unchecked")
    private static List<String> overlappingLabels(ChromeDriver driver) {
        return (List<String>) driver.executeScript("""
                const svg = document.querySelector('svg.timeline-svg');
                const box = svg.getBoundingClientRect();
                const texts = [...svg.querySelectorAll('text')].filter(t => t.closest('g.mark') === null);
                const rects = texts.map(t => [t, t.getBoundingClientRect()]);
                const found = [];
                for (const [t, r] of rects) {
                  if (r.left < box.left - 0.5 || r.right > box.right + 0.5) found.push('outside: ' + t.textContent);
                }
                for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
                  const [a, ra] = rects[i], [b, rb] = rects[j];
                  const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
                  const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
                  if (w > 0.5 && h > 2) found.push(a.textContent + ' / ' + b.textContent);
                }
                return found;
                """);
    }

    private static void screenshot(ChromeDriver driver, Path file, int width) throws IOException {
        Object height = ((JavascriptExecutor) driver).executeScript("return document.documentElement.scrollHeight");
        driver.manage().window().setSize(new Dimension(width, Math.min(6000, Math.max(800, ((Number) height).intValue()))));
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(width, 1000));
    }
}
