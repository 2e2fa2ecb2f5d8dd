package fencecheck.properties;

import fencecheck.api.Fencecheck;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How {@link Fencecheck} names an implementation: a class, a pack, a built-in, or the deprecated string. */
class SuiteImplementationTest {

    @Fencecheck(implementation = LeaseOnlyReference.class)
    private static final class ByClass {
    }

    @Fencecheck(pack = "classpath:/my-pack")
    private static final class ByPack {
    }

    @Fencecheck(builtIn = "reference-exclusive")
    private static final class ByName {
    }

    @SuppressWarnings("removal")
    @Fencecheck("sql:classpath:/old-pack")
    private static final class ByString {
    }

    @Fencecheck(implementation = LeaseOnlyReference.class, pack = "packs/mine")
    private static final class ByTwo {
    }

    private static final class Unnamed {
    }

    @Test
    void eachAttributeNamesWhatImplementationsSelectBy() {
        assertThat(Harnesses.implementationName(ByClass.class)).isEqualTo(LeaseOnlyReference.class.getName());
        assertThat(Harnesses.implementationName(ByPack.class)).isEqualTo("sql:classpath:/my-pack");
        assertThat(Harnesses.implementationName(ByName.class)).isEqualTo("reference-exclusive");
        assertThat(Harnesses.implementationName(Unnamed.class)).isEqualTo("reference");
    }

    @Test
    void theStringFormStillWorksWithOneLineNamingTheNewForm() {
        String printed = printedBy(() -> {
            assertThat(Harnesses.implementationName(ByString.class)).isEqualTo("sql:classpath:/old-pack");
            Harnesses.implementationName(ByString.class);
        });
        assertThat(printed.lines().toList()).containsExactly("fencecheck: @Fencecheck(\"sql:classpath:/old-pack\") of ByString is"
                + " deprecated: write @Fencecheck(pack = \"classpath:/old-pack\")");
        assertThat(SuiteImplementation.replacement("com.example.MyLeases")).isEqualTo("implementation = MyLeases.class");
        assertThat(SuiteImplementation.replacement("renew-ignores-token")).isEqualTo("builtIn = \"renew-ignores-token\"");
    }

    @Test
    void twoImplementationsAreRefusedInOneLine() {
        assertThatThrownBy(() -> Harnesses.implementationName(ByTwo.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("@Fencecheck of " + ByTwo.class.getName() + " names 2 implementations (implementation ="
                        + " LeaseOnlyReference.class, pack = \"packs/mine\"): keep one of implementation, pack and builtIn");
        assertThat(Configuration.problem(ByTwo.class)).hasValueSatisfying(p -> assertThat(p).contains("keep one of"));
    }

    private static String printedBy(Runnable action) {
        PrintStream console = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setOut(console);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
