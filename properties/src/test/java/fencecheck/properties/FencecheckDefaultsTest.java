package fencecheck.properties;

import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.FixedSeedMode;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.PropertyAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/** fencecheck's tries and shrinking travel with the jar, and give way to what a property or the user names. */
class FencecheckDefaultsTest {

    private static final JqwikSettings NOTHING_GIVEN = new JqwikSettings(new Properties(), new Properties());

    /** Where the probe's runs leave their result files, so they stay out of this build's report. */
    @TempDir
    Path target;

    @Test
    void aPropertyThatNamesNothingGetsFencechecksTriesAndFullShrinking() {
        Attributes attributes = new Attributes();
        FencecheckDefaults.apply(attributes, NOTHING_GIVEN);
        assertThat(attributes.tries()).contains(300);
        assertThat(attributes.shrinking()).contains(ShrinkingMode.FULL);
    }

    @Test
    void aPropertysOwnAttributesStand() {
        Attributes attributes = new Attributes();
        attributes.setTries(80);
        attributes.setShrinking(ShrinkingMode.OFF);
        FencecheckDefaults.apply(attributes, NOTHING_GIVEN);
        assertThat(attributes.tries()).contains(80);
        assertThat(attributes.shrinking()).contains(ShrinkingMode.OFF);
    }

    @Test
    void aKeyTheUserGaveOnTheCommandLineStands() {
        Properties commandLine = new Properties();
        commandLine.setProperty("jqwik.tries.default", "5000");
        Attributes attributes = new Attributes();
        FencecheckDefaults.apply(attributes, new JqwikSettings(commandLine, new Properties()));
        assertThat(attributes.tries()).as("left to jqwik, which reads -Djqwik.tries.default").isEmpty();
        assertThat(attributes.shrinking()).contains(ShrinkingMode.FULL);
    }

    @Test
    void aKeyInTheUsersOwnFileStands() {
        Properties file = new Properties();
        file.setProperty("jqwik.shrinking.default", "BOUNDED");
        Attributes attributes = new Attributes();
        FencecheckDefaults.apply(attributes, new JqwikSettings(new Properties(), file));
        assertThat(attributes.tries()).contains(300);
        assertThat(attributes.shrinking()).as("left to jqwik, which reads the user's file").isEmpty();
    }

    @Test
    void theCommandLineComesBeforeTheFileAndABlankValueSaysNothing() {
        Properties commandLine = new Properties();
        commandLine.setProperty("jqwik.tries.default", "40");
        commandLine.setProperty("jqwik.shrinking.default", " ");
        Properties file = new Properties();
        file.setProperty("jqwik.tries.default", "1000");
        JqwikSettings settings = new JqwikSettings(commandLine, file);
        assertThat(settings.given("jqwik.tries.default")).contains("40");
        assertThat(settings.isGiven("jqwik.shrinking.default")).isFalse();
    }

    /** Through jqwik itself: a property that names no tries runs 300 of them, one that names 7 runs 7. */
    @Test
    void jqwikRunsFencechecksTriesWhereAPropertyNamesNone() {
        assertThat(triesOf("namesNoTries", DefaultsProbe.UNNAMED_TRIES)).isEqualTo(FencecheckDefaults.TRIES);
        assertThat(triesOf("namesItsTries", DefaultsProbe.NAMED_TRIES)).isEqualTo(7);
    }

    private int triesOf(String method, AtomicInteger counter) {
        counter.set(0);
        Map<String, String> configuration = VariantSearchSettings.configuration();
        configuration.remove(FencecheckDefaults.TRIES_KEY);
        String previousTarget = System.getProperty("fencecheck.target");
        String previousTries = System.getProperty(FencecheckDefaults.TRIES_KEY);
        System.setProperty("fencecheck.target", target.toString());
        System.clearProperty(FencecheckDefaults.TRIES_KEY);
        try {
            long failed = EngineTestKit.engine("jqwik")
                    .configurationParameters(configuration)
                    .selectors(selectMethod(DefaultsProbe.class, method, long.class.getName()))
                    .execute()
                    .testEvents().failed().count();
            assertThat(failed).as("the probe %s passes", method).isZero();
            return counter.get();
        } finally {
            restore("fencecheck.target", previousTarget);
            restore(FencecheckDefaults.TRIES_KEY, previousTries);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /** What a property's annotation leaves unset is empty, as in jqwik's own attributes. */
    private static final class Attributes implements PropertyAttributes {
        private Integer tries;
        private Integer maxDiscardRatio;
        private ShrinkingMode shrinking;
        private GenerationMode generation;
        private AfterFailureMode afterFailure;
        private EdgeCasesMode edgeCases;
        private String stereotype;
        private String seed;
        private FixedSeedMode whenFixedSeed;

        @Override public Optional<Integer> tries() { return Optional.ofNullable(tries); }
        @Override public Optional<Integer> maxDiscardRatio() { return Optional.ofNullable(maxDiscardRatio); }
        @Override public Optional<ShrinkingMode> shrinking() { return Optional.ofNullable(shrinking); }
        @Override public Optional<GenerationMode> generation() { return Optional.ofNullable(generation); }
        @Override public Optional<AfterFailureMode> afterFailure() { return Optional.ofNullable(afterFailure); }
        @Override public Optional<EdgeCasesMode> edgeCases() { return Optional.ofNullable(edgeCases); }
        @Override public Optional<String> stereotype() { return Optional.ofNullable(stereotype); }
        @Override public Optional<String> seed() { return Optional.ofNullable(seed); }
        @Override public Optional<FixedSeedMode> whenFixedSeed() { return Optional.ofNullable(whenFixedSeed); }
        @Override public void setTries(Integer tries) { this.tries = tries; }
        @Override public void setMaxDiscardRatio(Integer maxDiscardRatio) { this.maxDiscardRatio = maxDiscardRatio; }
        @Override public void setShrinking(ShrinkingMode shrinkingMode) { this.shrinking = shrinkingMode; }
        @Override public void setGeneration(GenerationMode generationMode) { this.generation = generationMode; }
        @Override public void setAfterFailure(AfterFailureMode afterFailureMode) { this.afterFailure = afterFailureMode; }
        @Override public void setEdgeCases(EdgeCasesMode edgeCasesMode) { this.edgeCases = edgeCasesMode; }
        @Override public void setStereotype(String stereotype) { this.stereotype = stereotype; }
        @Override public void setSeed(String seed) { this.seed = seed; }
        @Override public void setWhenFixedSeed(FixedSeedMode fixedSeedMode) { this.whenFixedSeed = fixedSeedMode; }
    }
}
