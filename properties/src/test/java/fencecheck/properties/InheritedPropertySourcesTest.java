package fencecheck.properties;

import fencecheck.api.FencecheckSuite;
import org.apache.maven.surefire.api.testset.TestListResolver;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * {@code -Dtest=Class#method} finds a property a {@link FencecheckSuite} subclass inherits ({@link InheritedPropertySources}):
 * the JUnit Platform launcher, with the services this module registers, discovers the property classes of this module
 * under a filter that reads a {@code -Dtest} value with surefire's own pattern rules and judges a test by its
 * {@link MethodSource}, as surefire's filter does. Discovery only: nothing runs, no database is needed. This fails when
 * another jqwik or JUnit Platform stops the source from being set.
 */
class InheritedPropertySourcesTest {

    private static final List<String> EVERY_PROPERTY = List.of("databaseAgreesWithModel", "databaseCrashes", "databaseFailsOver",
            "everyScheduleUpToADepth", "historiesAreLinearizable", "interleavedTransactionsAgreeWithModel", "jobsUnderNetworkFaults", "networkFaultsAndRestarts",
            "openJobsVanishInADatabaseCrash");

    @Test
    void theSuitesOwnClassAndAMethodSelectThatOneProperty() {
        Map<String, List<String>> found = discover("LeaseProtocolProperties#databaseAgreesWithModel", LeaseProtocolProperties.class);
        assertThat(found).containsOnlyKeys(LeaseProtocolProperties.class.getName());
        assertThat(found.get(LeaseProtocolProperties.class.getName())).containsExactly("databaseAgreesWithModel");
    }

    @Test
    void aPatternOfMethodsSelectsTheInheritedPropertiesItMatches() {
        Map<String, List<String>> found = discover("LeaseProtocolProperties#database*", LeaseProtocolProperties.class);
        assertThat(found.get(LeaseProtocolProperties.class.getName()))
                .containsExactlyInAnyOrder("databaseAgreesWithModel", "databaseCrashes", "databaseFailsOver");
    }

    @Test
    void aClassNamedBesideAMethodOfAnotherRunsWhole() {
        Map<String, List<String>> found = discover("LeaseProtocolProperties#databaseAgreesWithModel,FaultProperties,JobTransactionProperties#jobs*",
                LeaseProtocolProperties.class, FaultProperties.class, JobTransactionProperties.class);
        assertThat(found.get(LeaseProtocolProperties.class.getName())).containsExactly("databaseAgreesWithModel");
        assertThat(found.get(FaultProperties.class.getName())).containsExactlyInAnyOrderElementsOf(EVERY_PROPERTY);
        assertThat(found.get(JobTransactionProperties.class.getName())).containsExactly("jobsUnderNetworkFaults");
    }

    @Test
    void aClassAloneRunsEveryPropertyAndLeavesTheSourcesAsJqwikGivesThem() {
        // surefire adds no filter for a -Dtest without a method: nothing judges sources, and none is written
        Map<String, List<String>> found = discover("LeaseProtocolProperties", LeaseProtocolProperties.class);
        assertThat(found).containsOnlyKeys(FencecheckSuite.class.getName());
        assertThat(found.get(FencecheckSuite.class.getName())).containsExactlyInAnyOrderElementsOf(EVERY_PROPERTY);
    }

    @Test
    void theOldFormNowRunsEveryPropertyOfTheClassItNames() {
        // -Dtest='Class,FencecheckSuite#method', which fencecheck printed before: the class alone now matches its properties
        Map<String, List<String>> found = discover("LeaseProtocolProperties,FencecheckSuite#databaseAgreesWithModel", LeaseProtocolProperties.class);
        assertThat(found).containsOnlyKeys(LeaseProtocolProperties.class.getName());
        assertThat(found.get(LeaseProtocolProperties.class.getName())).containsExactlyInAnyOrderElementsOf(EVERY_PROPERTY);
    }

    @Test
    void onlyTheSourceMoves() {
        List<TestIdentifier> plain = tests(plan(request(LeaseProtocolProperties.class).build()));
        List<TestIdentifier> filtered = tests(plan(request(LeaseProtocolProperties.class).filters(everything()).build()));
        assertThat(filtered).extracting(TestIdentifier::getUniqueId).containsExactlyElementsOf(plain.stream().map(TestIdentifier::getUniqueId).toList());
        assertThat(filtered).extracting(TestIdentifier::getDisplayName).containsExactlyElementsOf(plain.stream().map(TestIdentifier::getDisplayName).toList());
        for (int i = 0; i < plain.size(); i++) {
            MethodSource before = (MethodSource) plain.get(i).getSource().orElseThrow();
            MethodSource after = (MethodSource) filtered.get(i).getSource().orElseThrow();
            assertThat(before.getClassName()).isEqualTo(FencecheckSuite.class.getName());
            assertThat(after.getClassName()).isEqualTo(LeaseProtocolProperties.class.getName());
            assertThat(after.getMethodName()).isEqualTo(before.getMethodName());
            assertThat(after.getMethodParameterTypes()).isEqualTo(before.getMethodParameterTypes());
            assertThat(after.getJavaMethod()).isEqualTo(before.getJavaMethod());
        }
    }

    /**
     * The tests the launcher keeps for {@code classes} under {@code -Dtest=pattern}, by the class their source names:
     * the classes selected as surefire selects each test class, and a filter by method source when the pattern names
     * a method (without one, surefire adds none).
     */
    private static Map<String, List<String>> discover(String pattern, Class<?>... classes) {
        TestListResolver resolver = new TestListResolver(pattern);
        LauncherDiscoveryRequestBuilder request = request(classes);
        if (resolver.hasMethodPatterns()) {
            request.filters(byMethodSource(resolver));
        }
        Map<String, List<String>> found = new TreeMap<>();
        for (TestIdentifier test : tests(plan(request.build()))) {
            MethodSource source = (MethodSource) test.getSource().orElseThrow();
            found.computeIfAbsent(source.getClassName(), c -> new ArrayList<>()).add(source.getMethodName());
        }
        return found;
    }

    private static LauncherDiscoveryRequestBuilder request(Class<?>... classes) {
        return LauncherDiscoveryRequestBuilder.request().selectors(Arrays.stream(classes).map(c -> selectClass(c)).toList());
    }

    /** A test with a method source runs when its class file and method match the patterns; any other test passes. */
    private static PostDiscoveryFilter byMethodSource(TestListResolver resolver) {
        return descriptor -> FilterResult.includedIf(!(descriptor.getSource().orElse(null) instanceof MethodSource source)
                || resolver.shouldRun(TestListResolver.toClassFileName(source.getClassName()), source.getMethodName()));
    }

    private static PostDiscoveryFilter everything() {
        return descriptor -> FilterResult.included("every test");
    }

    private static TestPlan plan(LauncherDiscoveryRequest request) {
        return LauncherFactory.create().discover(request);
    }

    private static List<TestIdentifier> tests(TestPlan plan) {
        List<TestIdentifier> tests = new ArrayList<>();
        for (TestIdentifier root : plan.getRoots()) {
            plan.getDescendants(root).stream().filter(TestIdentifier::isTest).forEach(tests::add);
        }
        return tests;
    }
}
