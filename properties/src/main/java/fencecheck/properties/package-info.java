/**
 * The jqwik properties behind {@code fencecheck.api.FencecheckSuite}: generators, hooks, coverage and reports.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.properties;

import org.apiguardian.api.API;
