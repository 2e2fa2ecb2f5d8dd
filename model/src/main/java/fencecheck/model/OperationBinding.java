package fencecheck.model;

/** What a renew or a release must name to act on a lease. Writes and claims are always bound to the token (the fence). */
public enum OperationBinding {

    /** The implementation renews and releases only when both the owner and the token match the lease row. The reference. */
    OWNER_AND_TOKEN {
        @Override
        public boolean binds(Lease lease, String owner, long token) {
            return lease != null && lease.owner().equals(owner) && lease.token() == token;
        }
    },

    /**
     * The implementation renews and releases by owner alone: the lease's owner succeeds
     * whatever token it names. Safe because owners are fresh per execution, so an owner
     * names the one lease it was granted (or re-granted) on that key.
     */
    OWNER_ONLY {
        @Override
        public boolean binds(Lease lease, String owner, long token) {
            return lease != null && lease.owner().equals(owner);
        }
    };

    /** Whether a renew or release by {@code owner} naming {@code token} acts on {@code lease} (null when the key was never granted). */
    public abstract boolean binds(Lease lease, String owner, long token);
}
