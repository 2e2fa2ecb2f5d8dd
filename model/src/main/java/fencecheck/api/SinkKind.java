package fencecheck.api;

import org.apiguardian.api.API;

/** The two kinds of write target, the sinks; each table of an implementation is one or the other. */
@API(status = API.Status.STABLE, since = "0.1")
public enum SinkKind {
    /**
     * One row per job key; a write applies over a lower token and is refused ({@code Stale}) under a higher one.
     * Guarantee: an older token never overwrites a newer one.
     */
    LATEST_TOKEN_WINS,
    /**
     * Rows per job key and result id; a write applies only under the key's current fence (the token of its latest
     * grant), once per result id. Guarantee: once a takeover committed, no write of an earlier holder is accepted.
     */
    CURRENT_FENCE
}
