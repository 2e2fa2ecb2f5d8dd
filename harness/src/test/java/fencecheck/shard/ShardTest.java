package fencecheck.shard;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ShardTest {

    @Test
    void parsesIOfN() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThat(Shard.parse(" 1/1 ")).isEqualTo(Shard.whole());
        assertThat(Shard.parse("3/4").toString()).isEqualTo("3/4");
    }

    @Test
    void refusesBadValuesInOneLineSayingTheForm() {
        for (String bad : new String[]{"3/2", "0/4", "a/b", "1", "1/0", "-1/4", "1/2/3", "/4", ""}) {
            assertThatThrownBy(() -> Shard.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("-Dfencecheck.shard=" + bad + " is not a shard")
                    .hasMessageContaining("-Dfencecheck.shard=1/4 (shards numbered 1 to n)")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void everyFingerprintIsOwnedByExactlyOneShardAndThePartsAreEven() {
        int[] owned = new int[4];
        for (int f = 0; f < 4_000; f++) {
            String fingerprint = "state " + f;
            int owners = 0;
            for (int i = 1; i <= 4; i++) {
                if (new Shard(i, 4).owns(fingerprint)) {
                    owners++;
                    owned[i - 1]++;
                }
            }
            assertThat(owners).isEqualTo(1);
        }
        assertThat(IntStream.of(owned).boxed().toList()).allSatisfy(n -> assertThat(n).isBetween(800, 1_200));
        assertThat(Shard.hash("state 1")).hasSize(16).isEqualTo(Shard.hash("state 1"));
    }

    @Test
    void randomModeShardsGetDistinctSeedsDerivedFromTheBase() {
        Set<Long> seeds = new HashSet<>();
        IntStream.rangeClosed(1, 4).forEach(i -> seeds.add(new Shard(i, 4).seedOf(42)));
        assertThat(seeds).hasSize(4).doesNotContain(42L);
        assertThat(new Shard(3, 4).seedOf(42)).isEqualTo(new Shard(3, 4).seedOf(42));
        assertThat(Shard.whole().seedOf(42)).isEqualTo(42);
    }
}
