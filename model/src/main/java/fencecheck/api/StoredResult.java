package fencecheck.api;

import org.apiguardian.api.API;

/**
 * A result a sink stores, with the token it was written under.
 *
 * @param token   the token of the write that stored it
 * @param payload what was written
 */
@API(status = API.Status.STABLE, since = "0.1")
public record StoredResult(long token, String payload) {
}
