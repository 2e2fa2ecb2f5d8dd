package fencecheck.kit;

import fencecheck.protocol.pack.PackException;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A pack's kit keys: a trigger on changed-or-ended columns, and the one-line refusal of a value that is none. */
class KitSettingsTest {

    private static Map<String, String> springLike() {
        Map<String, String> settings = new HashMap<>(Map.of("sinks", "kit", "fence", "trigger", "lock.table", "int_lock",
                "lock.name", "lock_key", "lock.owner", "client_id", "lock.until", "expired_after"));
        settings.put("lock.newLease", "client_id");
        settings.put("lock.newLeaseWhen", "changed-or-ended");
        return settings;
    }

    @Test
    void aTriggerOnChangedOrEndedColumns() {
        LockTable lock = KitSettings.of(springLike(), "p/fencecheck.properties").lock();
        assertThat(lock.newLeaseColumns()).isEqualTo(List.of("client_id"));
        assertThat(lock.newLeaseWhen()).isEqualTo(LockTable.NewLeaseWhen.CHANGED_OR_ENDED);
    }

    @Test
    void aValueOfNewLeaseWhenThatIsNoneIsRefusedInOneLine() {
        Map<String, String> settings = springLike();
        settings.put("lock.newLeaseWhen", "ended");
        assertThatThrownBy(() -> KitSettings.of(settings, "p/fencecheck.properties")).isInstanceOf(PackException.class)
                .hasMessage("p/fencecheck.properties: lock.newLeaseWhen=ended is not a value of lock.newLeaseWhen; use changed"
                        + " (an update that changes one of lock.newLease), set (any update that sets one) or changed-or-ended"
                        + " (one that changes one, or sets one on a row whose lease had ended)");
    }
}
