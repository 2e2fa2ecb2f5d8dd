/**
 * What a team's code uses to have its lease implementation checked: the implementation's contract
 * ({@link fencecheck.api.LeaseProtocol}, {@link fencecheck.api.LeaseClient}), the answers it gives
 * ({@link fencecheck.api.Outcome}), the semantics it may claim ({@link fencecheck.api.ModelConfig}) and the checks
 * that run it ({@link fencecheck.api.Check}).
 *
 * <p>This module holds the contract, the groups of checks and the test database ({@link fencecheck.api.TestDatabase});
 * the answers and the semantics are in fencecheck's model, and the suite that runs the checks in its properties
 * module.
 */
@API(status = API.Status.STABLE, since = "0.1")
package fencecheck.api;

import org.apiguardian.api.API;
