package fencecheck.protocol.pack;

/** The hook of the call running on each thread; {@link BetweenStatements#NONE} outside the runner's calls. */
final class BetweenStatementsOfThisThread {
    static final ThreadLocal<BetweenStatements> HOOK = ThreadLocal.withInitial(() -> BetweenStatements.NONE);

    private BetweenStatementsOfThisThread() {
    }
}
