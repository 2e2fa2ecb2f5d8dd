package fencecheck.properties;

import org.junit.platform.suite.api.ExcludeClassNamePatterns;
import org.junit.platform.suite.api.IncludeClassNamePatterns;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/** The second of the module's two test JVMs: every test class and property container the first does not run. */
@Suite
@SelectPackages("fencecheck.properties")
@IncludeClassNamePatterns({".*Test", ".*Properties"})
@ExcludeClassNamePatterns(VariantChecksForkSuite.CLASSES)
class RestForkSuite {
}
