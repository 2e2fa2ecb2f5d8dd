/**
 * What a team's code uses to have its lease implementation checked: the implementation's contract, the answers it
 * gives, the semantics it may claim and the checks that run it.
 *
 * <p>This module holds the suite a test class extends ({@link fencecheck.api.FencecheckSuite}) and the annotation
 * that names the implementation it checks ({@link fencecheck.api.Fencecheck}); the contract and the checks are in
 * fencecheck's harness, the answers and the semantics in its model.
 */
@API(status = API.Status.STABLE, since = "0.1")
package fencecheck.api;

import org.apiguardian.api.API;
