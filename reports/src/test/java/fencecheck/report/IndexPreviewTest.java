package fencecheck.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders the index of a build gone wrong (every kind of run) and of a build as expected into
 * {@code target/index-preview/}, for a reader to open, and checks each is a whole page.
 */
class IndexPreviewTest {

    @Test
    void previewsOfABuildGoneWrongAndOfOneAsExpected() throws IOException {
        Path target = Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().resolve("index-preview");
        Path wrong = ReportRenderer.render(IndexSamples.mixed(), target.resolve("mixed"));
        Path good = ReportRenderer.render(List.of(IndexSamples.referencePassed(), IndexSamples.variantCaught(),
                IndexSamples.jobReferencePassed()), target.resolve("as-expected"));
        assertThat(Files.readString(wrong)).contains("index-verdict bad").endsWith("</html>\n");
        assertThat(Files.readString(good)).contains("index-verdict ok").contains("passed: 2 properties").endsWith("</html>\n");
    }
}
