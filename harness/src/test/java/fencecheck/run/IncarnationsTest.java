package fencecheck.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IncarnationsTest {

    @Test
    void aWorkerIsItsFirstIncarnationAndARestartStartsTheNext() {
        Incarnations i = new Incarnations();
        assertThat(i.of("w1")).isEqualTo("w1");
        assertThat(i.of("z1")).as("no restart left a zombie").isNull();

        Incarnations.Restart dead = i.restart("w1", false);
        assertThat(dead).isEqualTo(new Incarnations.Restart("w1", "w1.2", null));
        assertThat(i.of("w1")).isEqualTo("w1.2");
        assertThat(i.of("z1")).isNull();
    }

    @Test
    void aZombieStaysPausedUntilResumedAndTheNextZombieReplacesIt() {
        Incarnations i = new Incarnations();
        i.restart("w2", true);
        assertThat(i.of("z2")).isEqualTo("w2");
        assertThat(i.isZombie("w2")).isTrue();
        assertThat(i.isPaused("w2")).isTrue();
        assertThat(i.resume("w2")).isTrue();
        assertThat(i.isPaused("w2")).isFalse();

        Incarnations.Restart again = i.restart("w2", true);
        assertThat(again).isEqualTo(new Incarnations.Restart("w2.2", "w2.3", "w2"));
        assertThat(i.of("z2")).isEqualTo("w2.2");
        assertThat(i.pause("w2.3")).isTrue();
        assertThat(i.pause("w2.3")).as("already paused").isFalse();
    }
}
