package fencecheck.trace;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ActorsTest {

    @Test
    void workersAndZombiesAreW1ToW4AndZ1ToZ4() {
        for (int slot = 1; slot <= Actors.MAX_WORKERS; slot++) {
            assertThat(Actors.isWorker("w" + slot)).isTrue();
            assertThat(Actors.isZombie("z" + slot)).isTrue();
            assertThat(Actors.slot("z" + slot)).isEqualTo(slot);
            assertThat(Actors.zombieOf("w" + slot)).isEqualTo("z" + slot);
        }
        assertThat(Actors.isWorker("z1")).isFalse();
        assertThat(Actors.isZombie("w1")).isFalse();
        for (String notOne : new String[] {null, "", "w", "w0", "w5", "w10", "x1", "W1", Actors.CLOCK, Actors.NEMESIS}) {
            assertThat(Actors.isWorkerOrZombie(notOne)).as(notOne).isFalse();
        }
        assertThatThrownBy(() -> Actors.slot("w5")).hasMessage("not a worker: w5");
    }
}
