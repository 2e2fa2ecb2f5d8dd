package fencecheck.run;

/** What a worker incarnation believes it holds: the answer of its last grant or renewal. */
public record Belief(String key, long token, long until) {
}
