package fencecheck.api;

import org.apiguardian.api.API;

/** What a renew or a release must name to act on a lease. Writes and claims are always bound to the token (the fence). */
@API(status = API.Status.STABLE, since = "0.1")
public enum OperationBinding {

    /** The implementation renews and releases only when both the owner and the token match the lease row. The reference. */
    OWNER_AND_TOKEN,

    /**
     * The implementation renews and releases by owner alone: the lease's owner succeeds
     * whatever token it names. Safe because owners are fresh per execution, so an owner
     * names the one lease it was granted (or re-granted) on that key.
     */
    OWNER_ONLY
}
