package fencecheck.shard;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Shard {@code index} of {@code count}, as {@code -Dfencecheck.shard=i/n} gives it: shards are numbered 1..n. The
 * one place a shard setting is parsed; a bad one is refused in one line saying the form.
 *
 * @param index this shard, from 1
 * @param count the shards in all, from 1
 */
public record Shard(int index, int count) {

    public static final String PROPERTY = "fencecheck.shard";

    private static final String FORM = ": give shard i of n as -D" + PROPERTY + "=1/4 (shards numbered 1 to n)";

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " does not exist" + FORM);
        }
    }

    /** The whole run: shard 1 of 1. */
    public static Shard whole() {
        return new Shard(1, 1);
    }

    /** Parses {@code i/n}, e.g. {@code 2/4}. */
    public static Shard parse(String value) {
        String[] parts = value.strip().split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a shard" + FORM);
        }
        int index;
        int count;
        try {
            index = Integer.parseInt(parts[0].strip());
            count = Integer.parseInt(parts[1].strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a shard" + FORM);
        }
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a shard" + FORM);
        }
        return new Shard(index, count);
    }

    /** The shard {@code -Dfencecheck.shard} names, or empty when it is not set. */
    public static Optional<Shard> fromSystemProperty() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(parse(value));
    }

    /** Whether the run is split at all (more than one shard). */
    public boolean split() {
        return count > 1;
    }

    /** {@code 2/4}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * Whether this shard explores below the state of {@code fingerprint}: its hash modulo the shards is this shard's
     * number less one. The hash is {@link #hash}'s, the same on every machine and JVM.
     */
    public boolean owns(String fingerprint) {
        return Long.remainderUnsigned(Long.parseUnsignedLong(hash(fingerprint), 16), count) == index - 1;
    }

    /**
     * A state's fingerprint as 16 hex digits (the first 64 bits of its SHA-256): what a shard's result file records
     * of the states it reached, so that the merge counts a state reached by several shards once. Two states of one run
     * share it with a chance of about states² / 2⁶⁵, negligible at the sizes exhaustive mode reaches.
     */
    public static String hash(String fingerprint) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(fingerprint.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /**
     * The seed of this shard of a random-mode run pinned to {@code base}. jqwik draws every try of a property from
     * one random stream seeded once, so the tries of one seed cannot be split among machines: each shard runs the
     * property's tries from a seed of its own, derived from the base seed and its number (shard 1 of 1 keeps the
     * base). n shards run n times the tries, none of them twice, and each shard's failure replays from its own seed.
     */
    public long seedOf(long base) {
        if (!split()) {
            return base;
        }
        // SplitMix64's finaliser over the base and the shard: distinct, well spread seeds for neighbouring shards
        long z = base + 0x9E3779B97F4A7C15L * index + 0x632BE59BD9B4E019L * count;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
