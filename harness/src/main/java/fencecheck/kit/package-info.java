/**
 * The fencing kit: a fencing token, the two sinks that check it, {@code inspect} and the reset, for a lock library
 * that has no token of its own, so that an implementation brings only the library's acquire, renew and release
 * ({@link fencecheck.kit.LockCalls}) and its lock table ({@link fencecheck.kit.LockTable}), and is checked like any
 * other ({@link fencecheck.kit.KitLeaseProtocol}).
 *
 * <p>What the kit needs from the library to be correct, and what fencing can and cannot protect, is in the harness's
 * {@code FENCING.md}.
 */
@API(status = API.Status.STABLE, since = "0.1")
package fencecheck.kit;

import org.apiguardian.api.API;
