package fencecheck.model;

import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.SinkKind;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ForgedTokenTest {

    private static Write write(SinkKind sink, String key, long token, String payload) {
        return new Write(sink, key, token, "r1", payload);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void writeToANeverGrantedKeyIsForgedAndChangesNothing(SinkKind sink) {
        Scenario s = Scenario.reference();
        ProtocolState before = s.state();

        assertThat(s.step(write(sink, "job", 1, "p"))).isEqualTo(new Forged());
        assertThat(s.step(write(sink, "job", 0, "p"))).isEqualTo(new Forged());
        assertThat(s.state()).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void tokenAboveTheLatestGrantIsForgedAndChangesNothing(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        ProtocolState before = s.state();

        assertThat(s.step(write(sink, "job", 2, "p"))).isEqualTo(new Forged());
        assertThat(s.step(write(sink, "job", Long.MAX_VALUE, "p"))).isEqualTo(new Forged());
        assertThat(s.state()).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void anotherKeysHigherTokenIsForged(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.acquire("other", "x");
        for (int i = 0; i < 2; i++) {
            s.after(TTL + 1);
            s.acquire("other", "y" + i);
        }
        assertThat(s.lease("other").token()).isEqualTo(3);
        ProtocolState before = s.state();

        assertThat(s.step(write(sink, "job", 3, "p"))).isEqualTo(new Forged());
        assertThat(s.state()).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void anticipatingTheNextGrantOnAnExpiredLeaseIsForged(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);

        assertThat(s.step(write(sink, "job", 2, "p"))).isEqualTo(new Forged());
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void aForgedAttemptDoesNotBlockTheRealHolder(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.step(write(sink, "job", 99, "forged"));

        assertThat(s.step(write(sink, "job", 1, "real"))).isEqualTo(new Applied());
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void forgedIsCheckedBeforeAnythingStored(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.step(write(sink, "job", 1, "p"));

        assertThat(s.step(write(sink, "job", 2, "p"))).isEqualTo(new Forged());
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void theGrantedTokenStopsBeingForgedOnceGranted(SinkKind sink) {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);
        assertThat(s.step(write(sink, "job", 2, "early"))).isEqualTo(new Forged());

        s.acquire("job", "b");

        assertThat(s.step(write(sink, "job", 2, "p"))).isEqualTo(new Applied());
    }

    @Test
    void forgedIsNeitherAcceptedNorSuccess() {
        assertThat(new Forged().accepted()).isFalse();
        assertThat(Outcome.isSuccess(new Forged())).isFalse();
    }
}
