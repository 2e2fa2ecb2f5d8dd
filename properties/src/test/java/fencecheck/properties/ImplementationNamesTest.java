package fencecheck.properties;

import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The build checks -Dfencecheck.implementation against a list of its own, before anything compiles: it must be the harness's list. */
class ImplementationNamesTest {

    @Test
    void theBuildKnowsEveryImplementationName() throws IOException {
        String pom = Files.readString(Paths.repositoryRoot().resolve("pom.xml"));
        Matcher names = Pattern.compile("<fencecheck.implementationNames>([^<]*)</fencecheck.implementationNames>").matcher(pom);
        assertThat(names.find()).as("the parent pom lists the implementation names").isTrue();
        assertThat(List.of(names.group(1).split(","))).containsExactlyElementsOf(Implementations.names());
    }
}
