/**
 * What a team's code uses to have its lease implementation checked: the implementation's contract, the answers it
 * gives ({@link fencecheck.api.Outcome}) and the semantics it may claim ({@link fencecheck.api.ModelConfig}).
 *
 * <p>This module holds the answers and the semantics; the contract and the checks are in fencecheck's harness, and
 * the suite that runs them in its properties module.
 */
@API(status = API.Status.STABLE, since = "0.1")
package fencecheck.api;

import org.apiguardian.api.API;
