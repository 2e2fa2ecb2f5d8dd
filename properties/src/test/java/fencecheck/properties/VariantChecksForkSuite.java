package fencecheck.properties;

import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * The first of the module's two test JVMs: the slowest of its tests, which run the properties against every
 * known-buggy variant. The build forks two JVMs (each with its own embedded server) and gives each one suite; a
 * pattern, not a list, names the classes, so that every test belongs to exactly one suite (see {@link RestForkSuite}).
 */
@Suite
@SelectPackages("fencecheck.properties")
@IncludeClassNamePatterns(VariantChecksForkSuite.CLASSES)
class VariantChecksForkSuite {

    static final String CLASSES = "fencecheck\\.properties\\.(KnownBuggyVariantsTest)";
}
